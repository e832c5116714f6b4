import NavProtocol

extension NavClient {
    /// Reads a screen (the top one by default): its place on the stack and its first `limit` rows.
    public func readScreen(_ id: String? = nil, limit: Int = 200, timeout: Double = 10) throws -> ScreenSnapshot {
        let stack = try send(StackRequest(), timeout: timeout).stack
        guard let screen = id.flatMap({ id in stack.first { $0.id == id } }) ?? (id == nil ? stack.last : nil) else {
            throw NavClientError.unexpectedReply("no screen \(id ?? "") on the stack")
        }
        let rows = try send(RowsRequest(screen: screen.id, offset: 0, limit: limit), timeout: timeout)
        return ScreenSnapshot(screen: screen, revision: rows.revision, sections: rows.sections, rows: rows.rows)
    }

    /// Every screen on the stack, root first, each with its first `limit` rows.
    public func readStack(limit: Int = 200, timeout: Double = 10) throws -> [ScreenSnapshot] {
        try send(StackRequest(), timeout: timeout).stack.map { screen in
            let rows = try send(RowsRequest(screen: screen.id, offset: 0, limit: limit), timeout: timeout)
            return ScreenSnapshot(screen: screen, revision: rows.revision, sections: rows.sections, rows: rows.rows)
        }
    }
}
