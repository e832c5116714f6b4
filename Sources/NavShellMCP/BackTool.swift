import MCP
import NavClient
import NavProtocol

/// `back`: `nav/pop`.
enum BackTool: NavTool {
    static let name = "back"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Go back",
            description: "Pop the top screen and show the one below it. The root screen cannot be popped. Example: {}.",
            inputSchema: AnswerSchema.input([:]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) {}

    static func activity(_: Void) -> String { "going back" }

    static func run(_: Void, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in try job.answer(after: PopRequest()).1 })
    }

    static func advice(_ error: NavClientError, _: Void, _ context: ToolContext) async -> ToolFailure {
        let atRoot = error.rpcError?.code == RPCErrorCode.invalidNavigation
        return ToolFailure(error, hint: atRoot ? "The stack is only its root screen: open a deep link, select a row or push a screen first." : nil)
    }
}
