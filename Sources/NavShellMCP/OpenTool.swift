import MCP
import NavClient
import NavProtocol

/// `open`: `nav/open`, the stack a deep link names.
enum OpenTool: NavTool {
    static let name = "open"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Open a deep link",
            description: """
                Replace the navigation stack with the screens a deep link names and show the top one. \
                Paths look like \(host.grammar ?? "users/LOGIN/repositories/REPOSITORY"): \
                users is the user search, users/LOGIN/repositories a user's repositories, users/LOGIN/starred \
                the repositories they starred, users/LOGIN/repositories/NAME one repository (its about, \
                browse, stats and links rows; the stars are the value count of row stats:stars), and under it \
                readme, issues, issues/N (one issue with its comments), pulls and pulls/N. \
                Example: {"path": "users/mojombo/repositories/chronic"}.
                """,
            inputSchema: AnswerSchema.input(["path": ["type": "string", "description": "A deep link, e.g. users/mojombo/repositories/chronic"]], required: ["path"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> String {
        try reader.string("path", example: "users/mojombo/repositories/chronic")
    }

    static func activity(_ path: String) -> String { "opening \(path)" }

    static func run(_ path: String, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in try job.answer(after: OpenRequest(path: path)).1 })
    }

    static func advice(_ error: NavClientError, _ path: String, _ context: ToolContext) async -> ToolFailure {
        let invalid = error.rpcError?.code == RPCErrorCode.invalidParams
        return ToolFailure(error, hint: invalid ? #"Example: {"path": "users/mojombo/repositories/chronic"}"# : nil)
    }
}
