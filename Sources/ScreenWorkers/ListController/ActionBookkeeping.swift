import Glibc
import NavProtocol

/// A screen's writes, one at a time in arrival order: a write waits for the one before to
/// finish, and a screen takes at most `limit` waiting, so a flood of performs is refused rather
/// than queued without bound (or past the host's request timeout).
final class WriteQueue {
    static let limit = 8
    private var waiting: [(_ done: @escaping () -> Void) -> Void] = []
    private var isRunning = false
    private var idleWaiters: [() -> Void] = []

    var isFull: Bool { waiting.count >= Self.limit }

    func enqueue(_ job: @escaping (_ done: @escaping () -> Void) -> Void) {
        waiting.append(job)
        runNext()
    }

    /// Runs `body` once no write is under way or waiting: at once if none is.
    func whenIdle(_ body: @escaping () -> Void) {
        idleWaiters.append(body)
        runNext()
    }

    private func runNext() {
        guard !isRunning else { return }
        guard !waiting.isEmpty else {
            let waiters = idleWaiters
            idleWaiters = []
            return waiters.forEach { $0() }
        }
        isRunning = true
        let job = waiting.removeFirst()
        job { [weak self] in
            self?.isRunning = false
            self?.runNext()
        }
    }
}

/// The confirmations a screen gave and not yet redeemed. Each token is bound to what it was
/// given for (the action, the targets, the input and the targets' state) and expires; a token
/// is redeemed once. Only the worker that gave it knows it: a restarted worker asks again.
final class ConfirmationBook {
    static let lifetimeSeconds = 120
    /// Tokens kept at most: a client asking again and again cannot grow the book without bound.
    static let capacity = 64

    private struct Entry {
        let token: String
        let binding: [String]
        let expires: Int
    }

    private var entries: [Entry] = []

    func issue(binding: [String]) -> String {
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 16) + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        entries.removeAll { $0.expires <= Self.now }
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append(Entry(token: token, binding: binding, expires: Self.now + Self.lifetimeSeconds))
        return token
    }

    /// Whether `token` was given for exactly `binding` and has not expired; it is used up either way.
    func redeem(_ token: String, binding: [String]) -> Bool {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return false }
        let entry = entries.remove(at: index)
        return entry.binding == binding && entry.expires > Self.now
    }

    private static var now: Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec
    }
}
