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
        await ToolFailure.unknownRow(error, rowId, tool: name, context) ?? ToolFailure(error)
    }
}
