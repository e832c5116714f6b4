import Glibc
import NavClient
import NavProtocol
import Testing

/// Workers killed outright, in the ways a user's machine kills them.
@Suite struct WorkerDeathTests {
    /// The spare killed just before a push: the push goes to a fresh worker instead of failing.
    @Test func aPushOnAKilledSpareGoesToAFreshWorker() throws {
        let host = try HostUnderTest(["--warm-spare"])
        let root = try host.initialize().stack[0]
        for round in 1...3 {
            let spare = try waitForSpare(host)
            kill(spare, SIGKILL)
            let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
            let rows = try host.rows(pushed.screen.id)
            #expect(!rows.rows.isEmpty, "round \(round)")
            _ = try host.client.send(PopToRootRequest())
            let stack = try host.stack()
            #expect(stack.map(\.id) == [root.id])
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// Every worker killed at once, the warm spare included: each screen gets its own restart
    /// and comes back (a restart that landed on the dead spare used to fail the screen).
    @Test func killingEveryWorkerAtOnceRestartsEachScreen() throws {
        let host = try HostUnderTest(["--warm-spare"])
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]))
        _ = try waitForSpare(host)
        let workers = host.workers()
        try #require(workers.count == 4)
        for pid in workers { kill(pid, SIGKILL) }
        var crashes: [DidCrashNotification] = []
        while crashes.count < 3 { crashes.append(try host.client.nextNotification(DidCrashNotification.self)) }
        #expect(crashes.allSatisfy { $0.restarting }, "\(crashes)")
        _ = try host.client.waitIdle(timeout: 20)
        for screen in try host.stack() {
            let rows = try host.rows(screen.id)
            #expect(!rows.rows.isEmpty && rows.sections.allSatisfy { $0.state != .failed }, "\(screen.id) came back")
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// The worker that is neither a screen's (host/processes names those) nor gone: the spare.
    private func waitForSpare(_ host: HostUnderTest) throws -> Int32 {
        let screens = Set(try host.client.send(ProcessesRequest()).screens.compactMap(\.pid).map(Int32.init))
        var spare: Int32?
        let found = host.client.pump(seconds: 20) {
            spare = host.workers().first { !screens.contains($0) }
            return spare != nil
        }
        guard found, let spare else { throw NavClientError.timedOut("the warm spare to start") }
        return spare
    }
}
