import Glibc
import NavClient
import NavProtocol
import Testing

@Suite struct WaitIdleTests {
    @Test func theStateVersionGrowsWithVisibleChangesOnlyAndDidIdleFollowsActivity() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let first = try host.client.waitIdle()
        #expect(try host.client.nextDidIdle(reaching: first) == first)

        _ = try host.client.send(QueryRequest(text: "mojombo"))
        let searched = try host.client.waitIdle()
        #expect(searched > first, "a screen update is a visible change")
        #expect(try host.client.nextDidIdle(reaching: searched) == searched)

        _ = try host.client.send(StackRequest())
        _ = try host.rows()
        #expect(try host.client.waitIdle() == searched, "reads change nothing visible")

        _ = try host.select("user:mojombo")
        let pushed = try host.client.waitIdle()
        #expect(pushed > searched, "a push is a visible change")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aTimeoutListsWhatIsStillPending() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let worker = try #require(host.workers().first)
        kill(worker, SIGSTOP)
        host.client.send(["jsonrpc": "2.0", "id": 77, "method": "screen/rows", "params": [:]])
        do {
            try host.client.waitIdle(timeout: 0.3)
            Issue.record("a stopped worker with a request outstanding is not idle")
        } catch NavClientError.notIdle(let message, let data) {
            #expect(message.contains("not idle after 0.3 s"))
            #expect(data.pending.contains(PendingWork(kind: .clientRequest, method: "screen/rows", detail: "client request 77 (screen/rows) not answered yet")))
            #expect(data.pending.contains { $0.kind == .workerRequest && $0.screen == "s1" && $0.method == WorkerRowsRequest.method })
            #expect(!data.pending.contains { $0.method == WaitIdleRequest.method }, "the wait itself is not pending")
        }
        kill(worker, SIGCONT)
        #expect(try host.client.nextReply()["id"] == 77)
        #expect(try host.client.waitIdle() > 0)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func idleMeansPoppedWorkersHaveEnded() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let root = host.workers()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let pushedWorker = try #require(host.workers().first { !root.contains($0) })
        _ = try host.client.send(PopRequest())
        try host.client.waitIdle()
        #expect(!ProcessTable.isAlive(pushedWorker), "idle only once the popped worker exited")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func aPipelinedWaitAnswersAfterTheRequestsBeforeIt() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let before = try host.client.waitIdle()
        host.client.send(["jsonrpc": "2.0", "id": 50, "method": "nav/push", "params": ["kind": "repositories", "params": ["login": "mojombo"]]])
        host.client.send(["jsonrpc": "2.0", "id": 51, "method": "nav/waitIdle", "params": ["timeout": 10]])
        let first = try host.client.nextReply()
        let second = try host.client.nextReply()
        #expect(first["id"] == 50)
        #expect(second["id"] == 51)
        #expect((second["result"]?["stateVersion"]?.intValue ?? 0) > before)
        #expect(host.expectError(WaitIdleRequest.method, ["timeout": -1])?.code == RPCErrorCode.invalidParams)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// The notice goes out in the turn the host became idle, not when something next wakes it:
    /// with the spare and the pings off nothing else would (it came ten seconds later once).
    @Test func didIdleGoesOutAsSoonAsTheHostIsIdle() throws {
        let host = try HostUnderTest(["--ping-interval", "0"])
        try host.initialize()
        let idle = try host.client.nextNotification(DidIdleNotification.self, timeout: 5)
        #expect(idle.stateVersion > 0)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A client that sends its next request as soon as it has the answer is idle at the end of
    /// each answer's turn: what was just written to it is not work still pending.
    @Test func aClientThatNeverPausesStillHearsDidIdle() throws {
        let host = try HostUnderTest()
        try host.initialize()
        for _ in 0..<100 { _ = try host.rows(limit: 1) }
        #expect(host.client.drainNotifications().contains { $0.method == DidIdleNotification.method }, "the push of the root screen was announced idle")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
