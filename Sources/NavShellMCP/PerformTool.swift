import MCP
import NavClient
import NavProtocol

/// `perform`: `screen/perform` on the top screen, asking the human through the client
/// (`elicitation/create`) for the input or the confirmation an action needs when it can, and
/// answering what is needed when it cannot. The later rounds go to the screen of the first.
enum PerformTool: NavTool {
    static let name = "perform"
    static var writes: Bool { true }

    struct Arguments: Sendable {
        var rowIds: [String]
        var action: String
        var input: [String: JSONValue]?
        var confirm: String?

        var request: PerformRequest {
            PerformRequest(rowIds: rowIds.isEmpty ? nil : rowIds, action: action, input: input, confirm: confirm)
        }
    }

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Perform an action",
            description: """
                Perform an action on rows of the top screen, or without rowIds on the screen's own item: an id the \
                actions tool lists for them (star, comment, close, add-label, …). It writes (to GitHub, or to the \
                local state on the snapshot) and may be hard to undo: an action the actions tool marks destructive \
                asks to confirm first, the others do not. \(writesNote(host.writes)) An action whose input is missing answers status \
                inputRequired with the fields to fill; a destructive one answers status confirm with a message and a \
                token: show the message to the user and, only if they agree, call perform again with the same rowIds, \
                action and input and confirm set to the token. When the client can ask the user itself (elicitation), \
                the server asks them instead; declining changes nothing. \
                Examples: {"rowIds": ["repo:mojombo/chronic"], "action": "star"}, \
                {"rowIds": ["issue:1"], "action": "comment", "input": {"body": "Thanks!"}}, \
                {"action": "close", "input": {"reason": "not_planned"}, "confirm": "<token>"}.
                """,
            inputSchema: AnswerSchema.input([
                "rowIds": AnswerSchema.rowIds,
                "action": ["type": "string", "description": "An action id the actions tool listed, e.g. star"],
                "input": ["type": "object", "description": "The action's input by field name, e.g. {\"body\": \"Thanks!\"}"],
                "confirm": ["type": "string", "description": "The token of an answer with status confirm, once the user agreed"],
            ], required: ["action"]),
            annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false),
            outputSchema: AnswerSchema.performed)
    }

    /// Whether this session's navhost performs writes (`capabilities.actions.writes`).
    static func writesNote(_ writes: Bool) -> String {
        writes
            ? "Writes are on in this session."
            : "Writes are off in this session (the live source without --allow-writes): an action that writes is refused "
                + "(writesDisabled), and only the read-only ones (open-url, copy-url, copy-text) run."
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> Arguments {
        Arguments(
            rowIds: try reader.strings("rowIds", example: #"["issue:1", "issue:2"]"#) ?? [],
            action: try reader.string("action", example: "star"),
            input: try reader.object("input", example: #"{"body": "Thanks!"}"#)?.objectValue,
            confirm: try reader.optionalString("confirm"))
    }

    static func activity(_ arguments: Arguments) -> String { "performing \(arguments.action)" }

    static func run(_ arguments: Arguments, _ context: ToolContext) async throws -> ToolAnswer {
        var request = arguments.request
        // Input, then a confirmation, then the write: at most three rounds.
        for _ in 0..<3 {
            let sending = request
            let result = try await context.calls { job in try job.send(sending) }
            // The next round goes to the screen that answered this one, even if the stack
            // changed while the human was asked: a confirmation never reaches another screen.
            request.screen = result.screen ?? request.screen
            let targets = PerformAnswer.targets(request)
            switch result.status {
            case .done:
                return PerformAnswer.done(result, request)
            case .inputRequired:
                guard let elicit = context.elicit,
                    let answer = try? await elicit("\(request.action) on \(targets) needs:", PerformAnswer.form(result.fields ?? []))
                else { return PerformAnswer.needsInput(result, request) }
                guard answer.action == .accept, let content = answer.content else { return PerformAnswer.notDone(answer.action, request) }
                request.input = (request.input ?? [:]).merging(content.mapValues { JSONValue($0) }) { _, new in new }
            case .confirm:
                guard let elicit = context.elicit,
                    let answer = try? await elicit(result.message ?? "\(request.action) on \(targets)?", PerformAnswer.yesNo)
                else { return PerformAnswer.needsConfirmation(result, request) }
                guard answer.action == .accept, answer.content?["confirm"] == .bool(true) else {
                    return PerformAnswer.notDone(answer.action == .accept ? .decline : answer.action, request)
                }
                request.confirm = result.confirm
            }
        }
        throw ToolFailure("perform: \(request.action) asked for more than its input and a confirmation; call perform again")
    }

    static func advice(_ error: NavClientError, _ arguments: Arguments, _ context: ToolContext) async -> ToolFailure {
        if let unknownRow = await ToolFailure.unknownRow(error, nil, tool: name, context) { return unknownRow }
        guard let rpc = error.rpcError, let reason = rpc.data?["reason"]?.stringValue else { return ToolFailure(error) }
        if reason == "unknownAction" {
            let offered = try? await context.calls { job in try job.send(ActionsRequest(rowIds: arguments.request.rowIds)) }
            let ids = offered?.actions.filter { $0.disabled == nil }.map(\.id).joined(separator: ", ") ?? ""
            return ToolFailure(error, hint: ids.isEmpty ? "Those rows offer no action." : "They offer: \(ids).")
        }
        return ToolFailure(error, hint: PerformAnswer.hint(reason: reason, rpc, arguments.request))
    }
}
