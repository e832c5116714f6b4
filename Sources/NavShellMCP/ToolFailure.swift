import NavClient
import NavProtocol

/// A tool call the session refused, as the message a model reads in a result with
/// `isError: true`: what went wrong and what to do instead.
struct ToolFailure: Error, Equatable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    /// What the tools' session answered, with the advice every tool shares; a tool adds its
    /// own (`NavTool.advice`) with `hint`.
    init(_ error: NavClientError, hint: String? = nil) {
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
        // A sentence of navhost's ends in a period already; the advice follows it.
        let stop = text.hasSuffix(".") ? " " : ". "
        if let hint {
            text += stop + hint
        } else if rpc.code == RPCErrorCode.dataUnavailable, rpc.data?["kind"] == .string("rateLimited") {
            let reset = rpc.data?["rateLimitReset"].map { " (it resets at \($0.stringValue ?? String(describing: $0)))" } ?? ""
            text += stop + "GitHub's rate limit is spent\(reset): wait for it, or start the server with GITHUB_TOKEN set."
        } else if rpc.code == RPCErrorCode.dataUnavailable, rpc.data?["transient"] == .bool(true) {
            text += stop + "This may pass: try the same call again in a moment."
        } else if rpc.code == RPCErrorCode.workerFailed || rpc.code == RPCErrorCode.requestTimedOut {
            text += stop + "navhost restarts the screen: try the same call again."
        }
        message = text
    }
}

extension ToolFailure {
    /// For a row navhost does not know (`notFound`, from the tools that take row ids: select,
    /// actions, perform): the rows the top screen has read, so the model calls `tool` again
    /// with one of them; nil for any other error.
    static func unknownRow(_ error: NavClientError, _ rowId: String?, tool: String, _ context: ToolContext) async -> ToolFailure? {
        guard error.rpcError?.code == RPCErrorCode.invalidParams, error.rpcError?.data?["reason"] == .string("notFound"),
            let rowId = error.rpcError?.data?["rowId"]?.stringValue ?? rowId,
            let top = try? await context.calls({ job in try job.window(limit: RowsRequest.maxLimit) })
        else { return nil }
        return unknownRow(rowId, on: top.screen, rowIds: top.rows.map(\.id), tool: tool)
    }

    static func unknownRow(_ rowId: String, on top: Screen, rowIds: [String], tool: String) -> ToolFailure {
        let place = " on \(top.title) (\(top.id))"
        if rowIds.contains(rowId) {
            return ToolFailure("Row '\(rowId)'\(place) had not been read yet; it has been now: call \(tool) with it again.")
        }
        let shown = rowIds.prefix(40).joined(separator: ", ")
        let more = rowIds.count > 40 ? " and \(rowIds.count - 40) more" : ""
        // select's name is its verb: "select one of those ids".
        let pick = tool == SelectTool.name ? "select one" : "call \(tool) with one"
        return ToolFailure(
            "No row '\(rowId)'\(place). Its rows: \(shown)\(more). "
                + "Read further with rows (and its cursor), or narrow the list with search, then \(pick) of those ids.")
    }
}
