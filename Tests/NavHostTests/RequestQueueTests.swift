import Testing
@testable import NavHost

/// The order the client's requests run in: each after the ones before it are done with the stack.
@Suite struct RequestQueueTests {
    @Test func anOperationThatHoldsTheQueueHoldsThoseAfterIt() {
        let queue = RequestQueue()
        var ran: [String] = []
        var release: (() -> Void)?
        queue.enqueue { done in
            ran.append("push")
            release = done
        }
        queue.enqueue { done in
            ran.append("rows")
            done()
        }
        #expect(ran == ["push"] && queue.queuedCount == 1)
        #expect(!queue.runIfIdle { _ in ran.append("not now") })
        release?()
        #expect(ran == ["push", "rows"] && queue.queuedCount == 0 && !queue.isRunningAnOperation)
        // Done twice counts once.
        release?()
        #expect(queue.runIfIdle { done in
            ran.append("read")
            done()
        })
        #expect(ran == ["push", "rows", "read"])
    }

    @Test func aRestartGoesAheadOfWhatIsWaiting() {
        let queue = RequestQueue()
        var ran: [String] = []
        var release: (() -> Void)?
        queue.enqueue { done in release = done }
        queue.enqueue { done in
            ran.append("rows")
            done()
        }
        queue.enqueueFirst { done in
            ran.append("restart")
            done()
        }
        release?()
        #expect(ran == ["restart", "rows"])
    }

    @Test func aLongRunOfReadsNeedsNoRecursion() {
        let queue = RequestQueue()
        var release: (() -> Void)?
        queue.enqueue { done in release = done }
        var count = 0
        for _ in 0..<100_000 {
            queue.enqueue { done in
                count += 1
                done()
            }
        }
        release?()
        #expect(count == 100_000 && queue.queuedCount == 0)
    }
}
