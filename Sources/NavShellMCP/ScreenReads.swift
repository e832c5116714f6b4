import NavClient
import NavProtocol

/// The reads every screen answer is made of, as one job's requests: an action with the stack
/// and the first window in one round trip, a window, the window a cursor points at.
extension SessionJob {
    /// Rows a navigation answer carries before a cursor is needed.
    static let firstWindow = 50

    /// Runs `action`, then reads the stack and the new top screen's first window, in one round
    /// trip: navhost holds its queue until a push, an open or a selection is done.
    func answer<R: RPCRequestType>(after action: R, limit: Int = firstWindow) throws -> (R.Response, ScreenAnswer) {
        let answers = try sendAll([action, StackRequest(), RowsRequest(offset: 0, limit: limit)])
        let done = try answers[0].decoded(as: R.self)
        return (done, try screenAnswer(stack: answers[1], rows: answers[2], section: nil, offset: 0, limit: limit).cutAtLoadingSection())
    }

    /// A window of the top screen's rows.
    func window(section: String? = nil, limit: Int = firstWindow) throws -> ScreenAnswer {
        let answers = try sendAll([StackRequest(), RowsRequest(section: section, offset: 0, limit: limit)])
        return try whole(try screenAnswer(stack: answers[0], rows: answers[1], section: section, offset: 0, limit: limit))
    }

    /// The window a cursor points at, or a failure saying why the cursor no longer holds.
    func window(after cursor: RowCursor, limit: Int) throws -> ScreenAnswer {
        let answers = try sendAll([StackRequest(), RowsRequest(screen: cursor.screen, section: cursor.section, offset: cursor.offset, limit: limit)])
        let stack = try answers[0].decoded(as: StackRequest.self).stack
        guard let screen = stack.first(where: { $0.id == cursor.screen }) else {
            let now = stack.map { "\($0.title) (\($0.id))" }.joined(separator: " › ")
            throw ToolFailure("rows: that cursor is stale: its screen \(cursor.screen) is no longer on the stack (now: \(now)); call rows without a cursor to read the top screen from its start")
        }
        let query = screen.token?.query ?? ""
        guard query == cursor.query else {
            throw ToolFailure("rows: that cursor is stale: \(screen.title) was searched for '\(query)' since (the cursor read '\(cursor.query)'); call rows without a cursor to read the new rows from their start")
        }
        let rows = try answers[1].decoded(as: RowsRequest.self)
        return try whole(ScreenAnswer(
            screen: screen, stack: stack, revision: rows.revision, sections: rows.sections, rows: rows.rows,
            section: cursor.section, offset: cursor.offset, limit: limit))
    }

    /// The window as `cutAtLoadingSection` leaves it; one that starts where a page is still to
    /// come is read again once the host is idle: a worker answers a read at once from the rows
    /// it has, and that read asked it for the page.
    private func whole(_ answer: ScreenAnswer) throws -> ScreenAnswer {
        let cut = answer.cutAtLoadingSection()
        guard cut.waitsForAPage else { return cut }
        do {
            _ = try send(WaitIdleRequest(timeout: WaitIdleRequest.defaultTimeout))
        } catch is NavClientError {
            return cut  // still loading: the answer says so, and has no cursor yet
        }
        let rows = try send(RowsRequest(screen: answer.screen.id, section: answer.section, offset: answer.offset, limit: answer.limit))
        var again = answer
        (again.revision, again.sections, again.rows) = (rows.revision, rows.sections, rows.rows)
        return again.cutAtLoadingSection()
    }

    private func screenAnswer(
        stack stackAnswer: Result<JSONValue, NavClientError>, rows rowsAnswer: Result<JSONValue, NavClientError>, section: String?, offset: Int, limit: Int
    ) throws -> ScreenAnswer {
        let stack = try stackAnswer.decoded(as: StackRequest.self).stack
        let rows = try rowsAnswer.decoded(as: RowsRequest.self)
        guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
        return ScreenAnswer(screen: top, stack: stack, revision: rows.revision, sections: rows.sections, rows: rows.rows, section: section, offset: offset, limit: limit)
    }
}
