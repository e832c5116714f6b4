import MCP

/// Sends `notifications/progress` for a call the client gave a progress token, once navhost
/// has been waited on for more than a moment and then twice a second, in order and all
/// before the call's answer (`finish`).
final class ProgressReporter: @unchecked Sendable {
    /// Seconds of waiting before the first notification, and between notifications.
    static let interval = 0.5

    private let token: ProgressToken?
    private let what: String
    private let continuation: AsyncStream<ProgressNotification.Parameters>.Continuation
    private let sender: Task<Void, Never>
    // `sent` and `lastSent` are touched only by `tick`, on the session thread.
    private var sent = 0
    private var lastSent = 0.0

    init(server: Server, token: ProgressToken?, what: String) {
        self.token = token
        self.what = what
        let (stream, continuation) = AsyncStream<ProgressNotification.Parameters>.makeStream()
        self.continuation = continuation
        sender = Task {
            for await progress in stream {
                try? await server.notify(ProgressNotification.message(progress))
            }
        }
    }

    /// For `CallControl`: nil without a token, so nothing is counted.
    var onWait: (@Sendable (Double) -> Void)? {
        guard token != nil else { return nil }
        return { @Sendable [self] waited in tick(waited) }
    }

    private func tick(_ waited: Double) {
        guard let token, waited >= lastSent + Self.interval else { return }
        sent += 1
        lastSent = waited
        let seconds = (waited * 10).rounded() / 10
        continuation.yield(.init(progressToken: token, progress: Double(sent), message: "\(what): waiting for navhost, \(seconds) s"))
    }

    /// Sends what is queued and stops: the call's answer goes out after it.
    func finish() async {
        continuation.finish()
        await sender.value
    }
}
