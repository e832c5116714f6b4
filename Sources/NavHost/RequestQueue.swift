/// The queue that keeps the client's requests in order: each request runs after the ones
/// before it have changed the stack, so a script may pipeline `nav/push` and `screen/rows` and
/// get the pushed screen's rows. Stack changes hold the queue until they are complete; reads
/// release it as soon as they are forwarded.
final class RequestQueue {
    typealias Operation = (_ done: @escaping () -> Void) -> Void

    /// Operations run are dropped from their slot at once (what they captured is freed), and the
    /// slots are compacted away in amortised O(1).
    private var operations: [Operation?] = []
    /// The first operation not started yet.
    private var next = 0
    private(set) var isRunningAnOperation = false

    /// Operations waiting their turn, not counting the one running.
    var queuedCount: Int { operations.count - next }

    /// Queues an operation; `body` calls its argument when the next one may start.
    func enqueue(_ body: @escaping Operation) {
        operations.append(body)
        runNext()
    }

    /// Runs `body` at once when nothing is running or waiting (the usual case for a client that
    /// waits for each answer): the same as `enqueue`, without storing the operation. False, and
    /// `body` not run, otherwise.
    func runIfIdle(_ body: Operation) -> Bool {
        guard !isRunningAnOperation, next == operations.count else { return false }
        perform(body)
        runNext()
        return true
    }

    /// Queues an operation ahead of those waiting (a restart: later requests should find the screen back).
    func enqueueFirst(_ body: @escaping Operation) {
        operations.insert(body, at: next)
        runNext()
    }

    /// Runs queued operations in a loop while they finish at once (reads do), and returns when
    /// one is still under way; its completion resumes the loop. No recursion, no O(n) shifts.
    private func runNext() {
        guard !isRunningAnOperation else { return }
        while next < operations.count && !isRunningAnOperation {
            guard let operation = operations[next] else { break }
            operations[next] = nil
            next += 1
            if next > 256 && next * 2 > operations.count {
                operations.removeFirst(next)
                next = 0
            }
            perform(operation)
        }
    }

    private func perform(_ operation: Operation) {
        isRunningAnOperation = true
        // The last turn is used again when nothing kept its `done` (a read calls it at once):
        // one object less per request on the routing path.
        if !isKnownUniquelyReferenced(&reusableTurn) { reusableTurn = Turn(queue: self) }
        let turn = reusableTurn!
        turn.begin()
        operation(turn.finish)
        turn.hasReturned = true
    }

    private var reusableTurn: Turn?

    /// One operation's run: its `done` may be called at once (the loop goes on) or later (it
    /// resumes the loop); only the first call counts.
    private final class Turn {
        private weak var queue: RequestQueue?
        private var isFinished = false
        var hasReturned = false

        init(queue: RequestQueue) { self.queue = queue }

        func begin() {
            isFinished = false
            hasReturned = false
        }

        func finish() {
            guard !isFinished, let queue else { return }
            isFinished = true
            queue.isRunningAnOperation = false
            if hasReturned { queue.runNext() }
        }
    }
}
