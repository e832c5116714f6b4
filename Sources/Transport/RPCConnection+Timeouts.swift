import NavProtocol
import UVKit

/// Request timeouts: one timer armed for the earliest deadline of the requests this side sent.
extension RPCConnection {
    func armDeadline(_ deadline: UInt64) {
        if let armed = armedDeadline, armed <= deadline { return }
        if deadlineTimer == nil { deadlineTimer = try? UVTimer(loop: loop) }
        armedDeadline = deadline
        deadlineTimer?.start(after: deadline > loop.now ? deadline - loop.now : 0) { [unowned self] in self.expireRequests() }
    }

    /// Pipelined requests wait their turn: a request's timeout runs from the later of its sending
    /// and the last answer to a request sent before it, so a peer working through a backlog is
    /// not late, while one request a live peer never answers still is.
    func startClocksAfter(_ number: Int) {
        let now = loop.now
        for (id, request) in outgoing where request.number > number {
            guard let timeout = request.timeout, let deadline = request.deadline, deadline < now + timeout else { continue }
            outgoing[id]?.deadline = now + timeout
        }
    }

    private func expireRequests() {
        armedDeadline = nil
        guard !isReadingPaused else { return }
        let now = loop.now
        let expired = outgoing.filter { ($0.value.deadline ?? .max) <= now }
        for (id, request) in expired {
            outgoing[id] = nil
            sendNotification(method: "$/cancelRequest", params: ["id": id.json])
            request.completion(.failure(RPCError(
                code: RPCErrorCode.requestTimedOut,
                message: "\(name) did not answer \(request.method) in time",
                data: ["method": .string(request.method)])))
        }
        if let next = outgoing.values.compactMap(\.deadline).min() { armDeadline(next) }
    }
}
