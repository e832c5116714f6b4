import NavClient
import NavProtocol

/// Carries out checked tool calls on the tools' session: each is one job, its navhost
/// requests pipelined, and answers the top screen (`ScreenAnswer`) or a `ToolFailure`.
struct ToolRunner: Sendable {
    let session: NavSession
    let catalog: [ScreenDescriptor]

    func run(_ request: ToolRequest, control: CallControl) async throws -> ScreenAnswer {
        let catalog = catalog
        return try await session.perform(control) { calls in
            do {
                return try Self.answer(request, calls)
            } catch let error as NavClientError {
                throw Self.failure(error, request, calls, catalog)
            }
        }
    }

    private static func answer(_ request: ToolRequest, _ calls: SessionCalls) throws -> ScreenAnswer {
        switch request {
        case .open(let path):
            return try calls.answer(after: OpenRequest(path: path)).1
        case .push(let kind, let params):
            return try calls.answer(after: PushRequest(kind: ScreenKind(kind), params: params)).1
        case .search(let text):
            // A worker answers a read at once from the rows it has, before a query it is still
            // loading: the window is read once the query has answered.
            _ = try calls.send(QueryRequest(text: text))
            return try calls.window(section: nil, offset: 0, limit: NavTools.firstWindow)
        case .select(let rowId):
            let (selected, answer) = try calls.answer(after: SelectRequest(rowId: rowId))
            var withNote = answer
            withNote.selection = .init(action: selected.action.rawValue, url: selected.url)
            return withNote
        case .back:
            return try calls.answer(after: PopRequest()).1
        case .stack:
            return try calls.window(section: nil, offset: 0, limit: NavTools.firstWindow)
        case .rows(let section, let limit, nil):
            return try calls.window(section: section, offset: 0, limit: limit ?? NavTools.firstWindow)
        case .rows(let section, let limit, let text?):
            guard let cursor = RowCursor(decoding: text) else {
                throw ToolFailure("rows: that cursor is not one this server gave; pass the nextCursor of an answer as it is, or call rows without a cursor")
            }
            if let section, section != cursor.section {
                throw ToolFailure("rows: that cursor reads section \(cursor.section ?? "(all)"), not \(section); leave section out with a cursor")
            }
            return try calls.window(after: cursor, limit: limit ?? cursor.limit)
        }
    }

    /// The failure a model reads, with what it needs to act: the rows the top screen has read
    /// for an unknown row, the catalog for an unknown kind.
    private static func failure(_ error: NavClientError, _ request: ToolRequest, _ calls: SessionCalls, _ catalog: [ScreenDescriptor]) -> ToolFailure {
        guard case .select = request, error.rpcError?.data?["reason"] == .string("notFound"),
            let top = try? calls.window(section: nil, offset: 0, limit: RowsRequest.maxLimit)
        else { return ToolFailure(error, request: request, kinds: catalog) }
        return ToolFailure(error, request: request, top: top.screen, rowIds: top.rows.map(\.id), kinds: catalog)
    }
}

extension SessionCalls {
    /// Runs `action`, then reads the stack and the new top screen's first window, in one round
    /// trip: navhost holds its queue until a push, an open or a selection is done.
    func answer<R: RPCRequestType>(after action: R, limit: Int = NavTools.firstWindow) throws -> (R.Response, ScreenAnswer) {
        let answers = try sendAll([action, StackRequest(), RowsRequest(offset: 0, limit: limit)])
        let done = try decode(R.self, answers[0])
        return (done, try screenAnswer(stack: answers[1], rows: answers[2], section: nil, offset: 0, limit: limit).cutAtLoadingSection())
    }

    /// A window of the top screen's rows.
    func window(section: String?, offset: Int, limit: Int) throws -> ScreenAnswer {
        let answers = try sendAll([StackRequest(), RowsRequest(section: section, offset: offset, limit: limit)])
        return try whole(try screenAnswer(stack: answers[0], rows: answers[1], section: section, offset: offset, limit: limit))
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

    /// The window a cursor points at, or a failure saying why the cursor no longer holds.
    func window(after cursor: RowCursor, limit: Int) throws -> ScreenAnswer {
        let answers = try sendAll([StackRequest(), RowsRequest(screen: cursor.screen, section: cursor.section, offset: cursor.offset, limit: limit)])
        let stack = try decode(StackRequest.self, answers[0]).stack
        guard let screen = stack.first(where: { $0.id == cursor.screen }) else {
            let now = stack.map { "\($0.title) (\($0.id))" }.joined(separator: " › ")
            throw ToolFailure("rows: that cursor is stale: its screen \(cursor.screen) is no longer on the stack (now: \(now)); call rows without a cursor to read the top screen from its start")
        }
        let query = screen.token?.query ?? ""
        guard query == cursor.query else {
            throw ToolFailure("rows: that cursor is stale: \(screen.title) was searched for '\(query)' since (the cursor read '\(cursor.query)'); call rows without a cursor to read the new rows from their start")
        }
        let rows = try decode(RowsRequest.self, answers[1])
        return try whole(ScreenAnswer(
            screen: screen, stack: stack, revision: rows.revision, sections: rows.sections, rows: rows.rows,
            section: cursor.section, offset: cursor.offset, limit: limit))
    }

    private func screenAnswer(
        stack stackAnswer: Result<JSONValue, NavClientError>, rows rowsAnswer: Result<JSONValue, NavClientError>, section: String?, offset: Int, limit: Int
    ) throws -> ScreenAnswer {
        let stack = try decode(StackRequest.self, stackAnswer).stack
        let rows = try decode(RowsRequest.self, rowsAnswer)
        guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
        return ScreenAnswer(screen: top, stack: stack, revision: rows.revision, sections: rows.sections, rows: rows.rows, section: section, offset: offset, limit: limit)
    }
}
