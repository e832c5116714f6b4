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
