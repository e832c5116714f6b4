/// A GitHub request in flight (possibly across redirects). `cancel()` stops it at once: the
/// HTTP transfer leaves libcurl's multi handle, and the completion is never called.
public final class GitHubAPITask {
    private let isRunningNow: () -> Bool
    private var onCancel: (() -> Void)?

    init(isRunning: @escaping () -> Bool, cancel: @escaping () -> Void) {
        isRunningNow = isRunning
        onCancel = cancel
    }

    /// True until the completion ran or the task was cancelled.
    public var isRunning: Bool { onCancel != nil && isRunningNow() }

    public func cancel() {
        let cancel = onCancel
        onCancel = nil
        cancel?()
    }
}

@available(*, unavailable)
extension GitHubAPITask: Sendable {}
