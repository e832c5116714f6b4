import Dispatch
import Synchronization
import Testing
import UVKit

/// Cancelling a background job: a queued one never runs, a running one is interrupted, and an
/// interrupt never reaches a job that is not running.
@Suite struct BackgroundQueueTests {
    final class Counter: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    @Test func aCancelledJobIsInterruptedOnlyWhileItRuns() throws {
        let loop = UVLoop()
        let queue = try BackgroundQueue(loop: loop, label: "test")
        defer { queue.close() }
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let (runningInterrupts, queuedInterrupts, queuedRuns) = (Counter(), Counter(), Counter())
        var delivered = 0
        let running = queue.run({
            started.signal()
            release.wait()
            return 1
        }, interrupt: {
            runningInterrupts.add()
            release.signal()
        }, completion: { _ in delivered += 1 })
        let queued = queue.run({ queuedRuns.add() }, interrupt: { queuedInterrupts.add() }, completion: { _ in delivered += 1 })
        started.wait()
        queued.cancel()
        running.cancel()
        // A job behind both shows they are done with: it runs, and is not interrupted once finished.
        let finishedInterrupts = Counter()
        var after: Int?
        let last = queue.run({ 3 }, interrupt: { finishedInterrupts.add() }, completion: { after = try? $0.get() })
        #expect(loop.run { after != nil })
        last.cancel()
        #expect(after == 3)
        #expect(runningInterrupts.count == 1)
        #expect(queuedInterrupts.count == 0 && queuedRuns.count == 0)
        #expect(finishedInterrupts.count == 0)
        #expect(delivered == 0, "a cancelled job's result is not delivered")
    }
}
