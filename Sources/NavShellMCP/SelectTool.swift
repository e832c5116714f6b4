import MCP
import NavClient
import NavProtocol

/// `select`: `screen/select` on the top screen, as a tap: a push, a pop, a URL or nothing.
enum SelectTool: NavTool {
    static let name = "select"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Select a row",
            description: """
                Select a row of the top screen, as a tap would: a row with › pushes its screen (a user's \
                repositories, a repository), a link row answers its URL, others do nothing. \(AnswerSchema.rowIdNote) \
                Only rows already read can be selected (the answer's rows, or rows read with rows). \
                Example: {"rowId": "repo:mojombo/chronic"}.
                """,
            inputSchema: AnswerSchema.input(["rowId": ["type": "string", "description": "A row id from the top screen, e.g. user:mojombo"]], required: ["rowId"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> String {
        try reader.string("rowId", example: "user:mojombo")
    }

    static func activity(_ rowId: String) -> String { "selecting \(rowId)" }

    static func run(_ rowId: String, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in
            let (selected, answer) = try job.answer(after: SelectRequest(rowId: rowId))
            var withNote = answer
            withNote.selection = .init(action: selected.action.rawValue, url: selected.url)
            return withNote
        })
    }

    static func advice(_ error: NavClientError, _ rowId: String, _ context: ToolContext) async -> ToolFailure {
        await unknownRow(error, rowId, context) ?? ToolFailure(error)
    }

    /// For a row navhost does not know (`notFound`, the tools that take row ids): the rows the
    /// top screen has read, so the model picks one of them; nil for any other error.
    static func unknownRow(_ error: NavClientError, _ rowId: String?, _ context: ToolContext) async -> ToolFailure? {
        guard error.rpcError?.code == RPCErrorCode.invalidParams, error.rpcError?.data?["reason"] == .string("notFound"),
            let rowId = error.rpcError?.data?["rowId"]?.stringValue ?? rowId,
            let top = try? await context.calls({ job in try job.window(limit: RowsRequest.maxLimit) })
        else { return nil }
        return unknownRow(rowId, on: top.screen, rowIds: top.rows.map(\.id))
    }

    static func unknownRow(_ rowId: String, on top: Screen, rowIds: [String]) -> ToolFailure {
        let place = " on \(top.title) (\(top.id))"
        if rowIds.contains(rowId) {
            return ToolFailure("Row '\(rowId)'\(place) had not been read yet; it has been now: call select with it again.")
        }
        let shown = rowIds.prefix(40).joined(separator: ", ")
        let more = rowIds.count > 40 ? " and \(rowIds.count - 40) more" : ""
        return ToolFailure(
            "No row '\(rowId)'\(place). Its rows: \(shown)\(more). "
                + "Read further with rows (and its cursor), or narrow the list with search, then select one of those ids.")
    }
}
