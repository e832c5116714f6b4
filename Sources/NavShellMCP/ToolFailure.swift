import NavClient
import NavProtocol

/// A tool call the session refused, as the message a model reads in a result with
/// `isError: true`: what went wrong and what to do instead.
struct ToolFailure: Error, Equatable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    /// What the tool's session answered, turned into advice. `rowIds` are the rows the top
    /// screen has loaded (for an unknown row), `kinds` the catalog (for an unknown kind).
    init(_ error: NavClientError, request: ToolRequest, top: Screen? = nil, rowIds: [String] = [], kinds: [ScreenDescriptor] = []) {
        guard let rpc = error.rpcError else {
            switch error {
            case .disconnected, .spawnFailed:
                message = "navhost, which holds the screens, has ended (\(error)); restart the NavShell MCP server."
            default:
                message = "navhost did not answer as expected: \(error)."
            }
            return
        }
        var text = rpc.message
        switch (rpc.code, request) {
        case (RPCErrorCode.invalidParams, .select(let rowId)) where rpc.data?["reason"] == .string("notFound"):
            let place = top.map { " on \($0.title) (\($0.id))" } ?? ""
            if rowIds.contains(rowId) {
                message = "Row '\(rowId)'\(place) had not been read yet; it has been now: call select with it again."
                return
            }
            let shown = rowIds.prefix(40).joined(separator: ", ")
            let more = rowIds.count > 40 ? " and \(rowIds.count - 40) more" : ""
            text = "No row '\(rowId)'\(place). Its rows: \(shown)\(more). "
                + "Read further with rows (and its cursor), or narrow the list with search, then select one of those ids."
        case (RPCErrorCode.invalidParams, .open):
            text += ". Example: {\"path\": \"users/mojombo/repositories/chronic\"}"
        case (RPCErrorCode.invalidParams, .push):
            let list = kinds.map { kind in
                "\(kind.kind.rawValue) {" + kind.params.keys.sorted().map { "\($0)\(kind.params[$0]?.required == true ? "" : "?")" }.joined(separator: ", ") + "}"
            }
            text += ". Kinds and their params: \(list.joined(separator: "; "))"
        case (RPCErrorCode.invalidNavigation, .back):
            text += ". The stack is only its root screen: open a deep link, select a row or push a screen first."
        case (RPCErrorCode.dataUnavailable, _):
            if rpc.data?["kind"] == .string("rateLimited") {
                let reset = rpc.data?["rateLimitReset"].map { " (it resets at \($0.stringValue ?? String(describing: $0)))" } ?? ""
                text += ". GitHub's rate limit is spent\(reset): wait for it, or start the server with GITHUB_TOKEN set."
            } else if rpc.data?["transient"] == .bool(true) {
                text += ". This may pass: try the same call again in a moment."
            }
        case (RPCErrorCode.workerFailed, _), (RPCErrorCode.requestTimedOut, _):
            text += ". navhost restarts the screen: try the same call again."
        default:
            break
        }
        message = text
    }
}
