import MCP
import NavClient
import NavProtocol

/// `actions`: `screen/actions` on the top screen: what some of its rows offer, or its own item.
enum ActionsTool: NavTool {
    static let name = "actions"

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "List the actions of rows",
            description: """
                List what rows of the top screen offer to be done with them (star, comment, close, add-label, \
                open-url, …), or without rowIds what the screen's own item offers (the repository on a repository \
                screen, the issue on an issue screen). For several rows, the actions all of them offer. Each action \
                has an id to give perform, whether it is read-only or destructive (perform then asks to confirm), \
                and the input it takes. Changes nothing. \(AnswerSchema.rowIdNote) \
                Examples: {"rowIds": ["repo:mojombo/chronic"]}, {"rowIds": ["issue:1", "issue:2"]}, {}.
                """,
            inputSchema: AnswerSchema.input([
                "rowIds": AnswerSchema.rowIds,
            ]),
            annotations: .init(readOnlyHint: true),
            outputSchema: AnswerSchema.actions)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> [String] {
        try reader.strings("rowIds", example: #"["issue:1", "issue:2"]"#) ?? []
    }

    static func activity(_ rowIds: [String]) -> String { "listing actions" }

    static func run(_ rowIds: [String], _ context: ToolContext) async throws -> ToolAnswer {
        let (stack, listed) = try await context.calls { job in
            let answers = try job.sendAll([StackRequest(), ActionsRequest(rowIds: rowIds)])
            return (try answers[0].decoded(as: StackRequest.self).stack, try answers[1].decoded(as: ActionsRequest.self))
        }
        let top = stack.last.map { "\($0.title) (\($0.id))" } ?? "the top screen"
        let targets = rowIds.isEmpty ? "\(top)'s own item" : rowIds.joined(separator: ", ") + " on \(top)"
        let lines = listed.actions.isEmpty
            ? ["\(targets.prefix(1).uppercased() + targets.dropFirst()) offers no action."]
            : ["Actions of \(targets):"] + listed.actions.map { "- " + ActionText.line($0) }
                + ["Perform one with perform, e.g. {\"rowIds\": \(JSONValue.array(rowIds.map(JSONValue.string)).serializedString), \"action\": \"\(listed.actions[0].id)\"}."]
        let structured: JSONValue = [
            "screen": .string(listed.screen ?? ""), "rowIds": .array(rowIds.map(JSONValue.string)),
            "actions": try JSONValueEncoder().encode(listed.actions),
        ]
        return ToolAnswer(text: lines.joined(separator: "\n"), structured: structured)
    }

    static func advice(_ error: NavClientError, _ rowIds: [String], _ context: ToolContext) async -> ToolFailure {
        await ToolFailure.unknownRow(error, nil, tool: name, context) ?? ToolFailure(error)
    }
}
