import NavProtocol

extension NavClient {
    /// `screen/perform`; when it answers `status: "confirm"` and `confirming` agrees (asked with
    /// that answer: its message), the same perform again with the token, to the screen that
    /// asked. Returns the last answer: a declined confirmation's is the `confirm` one.
    public func perform(_ request: PerformRequest, timeout: Double = 10, confirming: (PerformResult) throws -> Bool) throws -> PerformResult {
        let asked = try send(request, timeout: timeout)
        guard asked.status == .confirm, let token = asked.confirm, try confirming(asked) else { return asked }
        var confirmed = request
        confirmed.screen = asked.screen ?? request.screen
        confirmed.confirm = token
        return try send(confirmed, timeout: timeout)
    }
}
