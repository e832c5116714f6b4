import Foundation

/// Runs jobs one after another on a thread of its own. A NavClient runs its libuv loop on the
/// thread that calls it and is not thread-safe: its session's jobs all run here, and the
/// server's tasks only wait for them, without blocking a thread of Swift's cooperative pool.
final class SessionThread: @unchecked Sendable {
    // `jobs` is guarded by `condition`; the rest of the class is immutable.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    init(name: String) {
        let thread = Thread { [self] in serve() }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the thread after the jobs before it, and returns what it returns.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { continuation.resume(with: Result { try body() }) }
        }
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}

/// Asks a call in progress to stop: set from the MCP side (a `notifications/cancelled`, the
/// server closing), read by the session thread between waits.
final class CallControl: @unchecked Sendable {
    // `stopped` is guarded by `lock`; `onWait` is immutable.
    private let lock = NSLock()
    private var stopped = false
    /// Called on the session thread while a reply is awaited, with the seconds waited so far.
    let onWait: (@Sendable (Double) -> Void)?

    init(onWait: (@Sendable (Double) -> Void)? = nil) {
        self.onWait = onWait
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}
