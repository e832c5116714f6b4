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

    /// Takes an answered request off the books, whichever path its answer took.
    ///
    /// Pipelined requests wait their turn: a request's timeout runs from the later of its sending
    /// and the last answer to a request sent before it, so a peer working through a backlog is
    /// not late, while one request a live peer never answers still is. Restarting every later
    /// request's clock on each answer would cost O(outstanding) per answer (quadratic over a
    /// pipelined burst), so answers are logged and folded into the deadlines in batches: when
    /// a deadline is due, before deadlines are shifted, or when the log outgrows the requests.
    func completeOutgoing(_ id: RequestID) -> OutgoingRequest? {
        guard let request = outgoing.removeValue(forKey: id) else { return nil }
        if outgoing.isEmpty {
            answerLog.removeAll(keepingCapacity: true)
        } else {
            answerLog.append((number: request.number, time: loop.now))
            if answerLog.count > 2 * outgoing.count + 64 { applyAnswerLog() }
        }
        return request
    }

    /// Restarts each outstanding request's clock at the last logged answer to a request sent before it.
    func applyAnswerLog() {
        guard !answerLog.isEmpty else { return }
        let answers = answerLog.sorted { $0.number < $1.number }
        answerLog.removeAll(keepingCapacity: true)
        // latest[i]: the last time any of answers[0...i] came.
        var latest: [UInt64] = []
        latest.reserveCapacity(answers.count)
        for answer in answers { latest.append(max(latest.last ?? 0, answer.time)) }
        updateDeadlines { Self.restartedDeadline(of: $0, answers: answers, latest: latest) }
    }

    /// Gives each outstanding request the deadline `newDeadline` returns for it (nil keeps its
    /// own). In place, by the table's own indices: a lookup by id would hash every request again,
    /// and a view of the table held through the walk (`outgoing.keys`, `outgoing.values.indices`)
    /// would make the first change copy the whole table, every slot of its capacity.
    func updateDeadlines(_ newDeadline: (OutgoingRequest) -> UInt64?) {
        var index = outgoing.startIndex
        while index != outgoing.endIndex {
            if let deadline = newDeadline(outgoing.values[index]) { outgoing.values[index].deadline = deadline }
            index = outgoing.index(after: index)
        }
    }

    /// The later deadline `request` gets from the logged answers (sorted by number, `latest`
    /// their running latest time), or nil when it keeps its own.
    private static func restartedDeadline(
        of request: OutgoingRequest, answers: [(number: Int, time: UInt64)], latest: [UInt64]
    ) -> UInt64? {
        guard let timeout = request.timeout, let deadline = request.deadline else { return nil }
        // How many logged answers were to requests sent before this one.
        var low = 0
        var high = answers.count
        while low < high {
            let middle = (low + high) / 2
            if answers[middle].number < request.number { low = middle + 1 } else { high = middle }
        }
        guard low > 0, latest[low - 1] + timeout > deadline else { return nil }
        return latest[low - 1] + timeout
    }

    private func expireRequests() {
        armedDeadline = nil
        guard !isReadingPaused else { return }
        applyAnswerLog()
        let now = loop.now
        let expired = outgoing.filter { ($0.value.deadline ?? .max) <= now }
        for (id, request) in expired {
            outgoing[id] = nil
            sendNotification(method: "$/cancelRequest", params: ["id": id.json])
            request.complete(.failure(RPCError(
                code: RPCErrorCode.requestTimedOut,
                message: "\(name) did not answer \(request.method) in time",
                data: ["method": .string(request.method)])))
        }
        if let next = outgoing.values.compactMap(\.deadline).min() { armDeadline(next) }
    }
}
