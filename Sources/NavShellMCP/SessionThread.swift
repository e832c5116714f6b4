import Foundation
import Synchronization

/// Runs jobs one after another on a thread of its own. A NavClient runs its libuv loop on the
/// thread that calls it and is not thread-safe: its session's jobs all run here, and the
/// server's tasks only wait for them, without blocking a thread of Swift's cooperative pool.
final class SessionThread: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    /// Counts the jobs queued and not yet taken: the thread sleeps on it while there are none.
    private let queued = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in serve() }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the thread after the jobs before it, and returns what it returns.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            jobs.withLock { $0.append { continuation.resume(with: Result { try body() }) } }
            queued.signal()
        }
    }

    private func serve() {
        while true {
            queued.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job()
        }
    }
}
