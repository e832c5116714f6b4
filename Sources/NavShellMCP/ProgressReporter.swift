import MCP
import Synchronization

/// Sends `notifications/progress` for a call the client gave a progress token, while navhost
/// is waited on: NavClient's wait calls `onWait` every `interval` seconds, and the
/// notifications go out in order, all before the call's answer (`finish`).
final class ProgressReporter: Sendable {
    /// Seconds of waiting before the first notification, and between notifications.
    static let interval = 0.5

    private let token: ProgressToken?
    private let what: String
    private let continuation: AsyncStream<ProgressNotification.Parameters>.Continuation
    private let sender: Task<Void, Never>
    /// Notifications sent so far: each one's progress, rising by one.
    private let sent = Atomic<Int>(0)

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

    /// Called with the seconds waited so far, at each interval; nil without a token.
    var onWait: (@Sendable (Double) -> Void)? {
        guard let token else { return nil }
        return { [self] waited in
            let count = sent.add(1, ordering: .relaxed).newValue
            let seconds = (waited * 10).rounded() / 10
            continuation.yield(.init(progressToken: token, progress: Double(count), message: "\(what): waiting for navhost, \(seconds) s"))
        }
    }

    /// Sends what is queued and stops: the call's answer goes out after it.
    func finish() async {
        continuation.finish()
        await sender.value
    }
}
