import MCP
import NavClient
import NavProtocol

/// `stack`: the stack and the top screen's first window; changes nothing.
enum StackTool: NavTool {
    static let name = "stack"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Show the stack",
            description: "Show the navigation stack, root first, and the top screen with its first rows. Changes nothing. Example: {}.",
            inputSchema: AnswerSchema.input([:]),
            annotations: .init(readOnlyHint: true),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) {}

    static func activity(_: Void) -> String { "reading the stack" }

    static func run(_: Void, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in try job.window() })
    }
}
