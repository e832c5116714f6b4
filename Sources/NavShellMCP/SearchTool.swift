import MCP
import NavClient
import NavProtocol

/// `search`: `screen/query` on the top screen.
enum SearchTool: NavTool {
    static let name = "search"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Search the top screen",
            description: """
                Set the top screen's search text and show its rows again: on the user search it finds users \
                by login or name, on a list it filters by name. An empty text clears the search. \
                Example: {"text": "mojombo"}.
                """,
            inputSchema: AnswerSchema.input(["text": ["type": "string", "description": "The search text; \"\" clears it"]], required: ["text"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> String {
        try reader.string("text", example: "mojombo", allowEmpty: true)
    }

    static func activity(_ text: String) -> String { "searching '\(text)'" }

    static func run(_ text: String, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in
            // A worker answers a read at once from the rows it has, before a query it is still
            // loading: the window is read once the query has answered.
            _ = try job.send(QueryRequest(text: text))
            return try job.window()
        })
    }
}
