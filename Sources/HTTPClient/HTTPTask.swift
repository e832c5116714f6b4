/// A request in flight. `cancel()` stops it at once: its easy handle leaves the multi handle
/// (libcurl closes the connection if the response was not complete) and its completion is
/// never called.
public final class HTTPTask {
    private weak var client: HTTPClient?
    private weak var transfer: Transfer?

    init(client: HTTPClient?, transfer: Transfer?) {
        self.client = client
        self.transfer = transfer
    }

    /// True until the completion ran or the task was cancelled.
    public var isRunning: Bool { transfer?.hasCompletion ?? false }

    /// Cancels the request if it is still running; otherwise does nothing.
    public func cancel() {
        guard let transfer else { return }
        if let client {
            client.cancel(transfer)
        } else {
            _ = transfer.takeCompletion()
        }
    }
}

@available(*, unavailable)
extension HTTPTask: Sendable {}
