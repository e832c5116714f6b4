import Dispatch
import Synchronization

/// Runs blocking work (a SQLite query) on one background thread and hands the result back to
/// the loop. Work is cancellable: a job not yet started is skipped, a running one is told
/// through `interrupt` (e.g. sqlite3_interrupt) and its result is discarded.
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
        let flag = CancellationFlag()
        var job: BackgroundJob?
        let ticket = inbox.expect { result in
            job?.finish()
            completion(result.map { $0 as! T })
        }
        job = BackgroundJob(cancel: { [inbox] in
            flag.set()
            interrupt?()
            inbox.forget(ticket)
        })
        queue.async {
            guard !flag.isSet else { return }
            ticket.post(Result { try work() as any Sendable })
        }
        return job!
    }

    public func close() {
        inbox.close()
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

final class CancellationFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
