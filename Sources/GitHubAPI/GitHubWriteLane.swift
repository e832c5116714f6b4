import UVKit

/// A client's writes, in order, one at a time, each started at least `spacing` after the one
/// before it started: GitHub asks clients to space content-creating requests (POST, PATCH, PUT,
/// DELETE) by a second, as octokit's throttling does (`minTime` 1000 ms for writes). Time is
/// read from a monotonic clock; the loop's timer only wakes the lane, which checks the clock
/// again (the loop's cached time may run behind it).
final class GitHubWriteLane {
    /// A write waiting or under way; `start` gets a `done` to call once its exchange is over.
    final class Job {
        fileprivate let start: (@escaping () -> Void) -> Void
        fileprivate init(_ start: @escaping (@escaping () -> Void) -> Void) { self.start = start }
    }

    let spacing: Duration
    private var waiting: [Job] = []
    private var busy = false
    private var lastStart: ContinuousClock.Instant?
    private let timer: UVTimer
    private var isClosed = false

    init(loop: UVLoop, spacing: Duration) throws(UVError) {
        timer = try UVTimer(loop: loop)
        self.spacing = spacing
    }

    /// Queues a write; it starts on the loop, never inside this call.
    func enqueue(_ start: @escaping (_ done: @escaping () -> Void) -> Void) -> Job {
        let job = Job(start)
        guard !isClosed else { return job }
        waiting.append(job)
        wake(after: .zero)
        return job
    }

    /// A job that has not started is dropped; one under way is stopped by its own exchange.
    func remove(_ job: Job) {
        waiting.removeAll { $0 === job }
    }

    /// Drops what waits and closes the timer.
    func close() {
        isClosed = true
        waiting = []
        timer.close()
    }

    private func wake(after delay: Duration) {
        guard !isClosed else { return }
        timer.start(after: Self.milliseconds(rounding: delay)) { [weak self] in self?.startNext() }
    }

    private func startNext() {
        guard !busy, !isClosed else { return }
        guard let job = waiting.first else { return }
        let now = ContinuousClock.now
        if let lastStart, now < lastStart + spacing {
            return wake(after: lastStart + spacing - now)
        }
        waiting.removeFirst()
        busy = true
        lastStart = now
        job.start { [weak self] in
            guard let self else { return }
            busy = false
            if !waiting.isEmpty { wake(after: .zero) }
        }
    }

    private static func milliseconds(rounding duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1000 + UInt64((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

@available(*, unavailable)
extension GitHubWriteLane: Sendable {}

@available(*, unavailable)
extension GitHubWriteLane.Job: Sendable {}
