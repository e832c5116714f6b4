import Dispatch
import NavClient
import NavProtocol
import Testing

/// A tool's wait for navhost (`NavClient.replies(to:)`) ended from another thread by a
/// `CallStop`, as a client's `notifications/cancelled` ends it: no polling, the loop is woken.
@Suite struct CallStopTests {
    @Test func aStopFromAnotherThreadEndsTheWaitAndCancelsUnderneath() throws {
        let client = try NavClient(executable: BuildProducts.path(of: "navhost"), arguments: ["serve", "--enable-debug-methods"])
        try client.initialize()
        // The worker holds every later answer back 30 s: only the stop can end the wait.
        _ = try client.send(DebugDelayRequest(ms: 30_000))
        let stop = CallStop()
        let started = ContinuousClock.now
        var reports: [Double] = []
        // The first progress report comes from the waiting loop; the stop from another thread.
        let ids = try client.post([RowsRequest(offset: 0, limit: 5)])
        #expect(throws: CallStopped(reason: "cancelled by the test")) {
            try client.replies(to: ids, timeout: 60, stop: stop, progress: (0.1, { waited in
                reports.append(waited)
                if reports.count == 1 { DispatchQueue.global().async { stop.stop("cancelled by the test") } }
            }))
        }
        #expect(ContinuousClock.now - started < .seconds(NavClient.cancelGrace + 5), "ended by the stop, not by the 30 s delay")
        #expect(reports.count >= 1)
        // The cancelled request's answer was taken with it: the next call gets its own.
        #expect(try client.send(StackRequest()).stack.count == 1)
        _ = try client.shutdownAndExit()
    }

    @Test func aStopBeforeTheWaitSendsNothingAfterIt() throws {
        let client = try NavClient(executable: BuildProducts.path(of: "navhost"), arguments: ["serve"])
        try client.initialize()
        let stop = CallStop()
        stop.stop("the server is closing")
        let ids = try client.post([StackRequest()])
        #expect(throws: CallStopped(reason: "the server is closing")) { try client.replies(to: ids, stop: stop) }
        #expect(try client.send(StackRequest()).stack.count == 1)
        _ = try client.shutdownAndExit()
    }
}
