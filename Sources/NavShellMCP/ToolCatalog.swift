import MCP
import NavClient
import NavProtocol

/// The tools, in the order `tools/list` shows them, and the dispatch of a call to one.
enum ToolCatalog {
    static let all: [any NavTool.Type] = [
        OpenTool.self, PushTool.self, SearchTool.self, SelectTool.self, BackTool.self, RowsTool.self, StackTool.self,
        ActionsTool.self, PerformTool.self,
    ]

    /// The tools of a session: without those that write under `--read-only`.
    static func tools(readOnly: Bool) -> [any NavTool.Type] {
        all.filter { !readOnly || !$0.writes }
    }

    static func list(_ host: HostFacts, readOnly: Bool) -> [Tool] {
        tools(readOnly: readOnly).map { $0.definition(host) }
    }

    /// A call with its arguments checked, ready to run.
    struct Call: Sendable {
        /// What a progress notification says it does.
        var activity: String
        var run: @Sendable (ToolContext) async throws -> ToolAnswer
    }

    /// The call `name` makes of `arguments`: nil for a tool the session does not have (a
    /// protocol error); a `ToolFailure` for arguments that do not fit.
    static func call(_ name: String, _ arguments: [String: JSONValue], readOnly: Bool) throws(ToolFailure) -> Call? {
        guard let tool = tools(readOnly: readOnly).first(where: { $0.name == name }) else { return nil }
        return try call(tool, arguments)
    }

    private static func call<T: NavTool>(_ tool: T.Type, _ arguments: [String: JSONValue]) throws(ToolFailure) -> Call {
        var reader = ArgumentReader(tool: T.name, arguments: arguments)
        let checked = try T.arguments(&reader)
        try reader.checkNoOthers()
        return Call(activity: T.activity(checked)) { context in
            do {
                return try await T.run(checked, context)
            } catch let failure as ToolFailure {
                return ToolAnswer(failure)
            } catch let error as NavClientError {
                return ToolAnswer(await T.advice(error, checked, context))
            }
        }
    }
}
