import Dispatch
import Synchronization

/// Runs blocking work (a SQLite query) on one background thread and hands the result back to
/// the loop. Work is cancellable: a job not yet started is skipped, a running one is told
/// through `interrupt` (e.g. sqlite3_interrupt) and its result is discarded. `interrupt` runs
/// only while that job runs, never once it has finished, so it cannot reach the next job.
public final class BackgroundQueue {
    private let inbox: LoopInbox
    private let queue: DispatchQueue

    public init(loop: UVLoop, label: String) throws(UVError) {
        inbox = try LoopInbox(loop: loop)
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` off the loop; `completion` runs on the loop unless the job was cancelled.
    @discardableResult
    public func run<T: Sendable>(
        _ work: @escaping @Sendable () throws -> T,
        interrupt: (@Sendable () -> Void)? = nil,
        completion: @escaping (Result<T, any Error>) -> Void
    ) -> BackgroundJob {
        let state = JobState()
        var job: BackgroundJob?
        let ticket = inbox.expect { result in
            job?.finish()
            completion(result.map { $0 as! T })
        }
        job = BackgroundJob(cancel: { [inbox] in
            state.cancel(interrupt)
            inbox.forget(ticket)
        })
        queue.async {
            guard state.start() else { return }
            let result = Result { try work() as any Sendable }
            state.finish()
            ticket.post(result)
        }
        return job!
    }

    public func close() {
        inbox.close()
    }

    /// Waits, blocking the caller, until the jobs queued so far have run, or `seconds` have
    /// passed. For a process about to end: its queued writes would die with it otherwise.
    public func waitForQueuedJobs(upTo seconds: Double) {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        _ = done.wait(timeout: .now() + seconds)
    }
}

/// A handle on one background job.
public final class BackgroundJob: Cancellable {
    private var cancelAction: (() -> Void)?

    init(cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    func finish() {
        cancelAction = nil
    }
}

/// Something under way that can be called off.
public protocol Cancellable: AnyObject {
    func cancel()
}

/// Several things under way called off as one (nil members are finished already).
public final class CancellableGroup: Cancellable {
    private let members: [any Cancellable]

    public init(_ members: [(any Cancellable)?]) { self.members = members.compactMap { $0 } }

    public func cancel() {
        for member in members { member.cancel() }
    }
}

/// Where a job is, shared by the loop (which may cancel it) and the thread that runs it.
final class JobState: Sendable {
    private enum Phase { case queued, running, cancelled, finished }
    private let phase = Mutex(Phase.queued)

    /// Queued -> running; false when it was cancelled before it started.
    func start() -> Bool {
        phase.withLock { phase in
            guard phase == .queued else { return false }
            phase = .running
            return true
        }
    }

    /// The work returned. It waits for an interrupt under way, so none outlives the job.
    func finish() {
        phase.withLock { $0 = .finished }
    }

    /// Marks the job cancelled, and interrupts it (under the lock) if it is running now.
    func cancel(_ interrupt: (() -> Void)?) {
        phase.withLock { phase in
            let isRunning = phase == .running
            if phase != .finished { phase = .cancelled }
            if isRunning { interrupt?() }
        }
    }
}
