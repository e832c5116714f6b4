import MCP
import NavClient
import NavProtocol

/// `push`: `nav/push` of any kind in the catalog, plugins' kinds included.
enum PushTool: NavTool {
    static let name = "push"

    struct Arguments: Sendable {
        var kind: String
        var params: JSONValue?
    }

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Push a screen",
            description: """
                Push a screen of any kind onto the stack and show it. Kinds and their params: \(host.kindList(described: true)). \
                Example: {"kind": "followers", "params": {"login": "mojombo"}}.
                """,
            inputSchema: AnswerSchema.input([
                "kind": ["type": "string", "enum": .array(host.catalog.map { .string($0.kind.rawValue) }), "description": "The screen kind"],
                "params": ["type": "object", "description": "The kind's params, e.g. {\"login\": \"mojombo\"}"],
            ], required: ["kind"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> Arguments {
        Arguments(kind: try reader.string("kind", example: "followers"), params: try reader.object("params", example: #"{"login": "mojombo"}"#))
    }

    static func activity(_ arguments: Arguments) -> String { "pushing \(arguments.kind)" }

    static func run(_ arguments: Arguments, _ context: ToolContext) async throws -> ToolAnswer {
        ToolAnswer(try await context.calls { job in try job.answer(after: PushRequest(kind: ScreenKind(arguments.kind), params: arguments.params)).1 })
    }

    static func advice(_ error: NavClientError, _ arguments: Arguments, _ context: ToolContext) async -> ToolFailure {
        let invalid = error.rpcError?.code == RPCErrorCode.invalidParams
        return ToolFailure(error, hint: invalid ? "Kinds and their params: \(context.host.kindList())" : nil)
    }
}
