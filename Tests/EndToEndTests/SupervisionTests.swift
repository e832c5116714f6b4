import Glibc
import NavClient
import NavProtocol
import Testing

/// Restarts from restoration tokens, restart intensity, the failed state and screen/reload.
@Suite struct SupervisionTests {
    @Test func aRestartedScreenComesBackFromItsToken() throws {
        let host = try HostUnderTest(["--enable-debug-methods"])
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        let searchedRevision = try host.client.send(RowsRequest(offset: 0, limit: 3)).revision
        let saved = try #require(try host.stack().first?.token)
        #expect(saved == RestorationToken(query: "mojombo", window: .init(section: nil, offset: 0, limit: 3), revision: searchedRevision))
        _ = host.client.drainNotifications()
        _ = host.expectError(DebugCrashRequest.method)
        _ = try host.client.nextNotification(DidCrashNotification.self)
        let update = try host.client.nextNotification(DidUpdateNotification.self)
        #expect(update.reset == true)
        #expect(update.revision > searchedRevision, "the restarted screen numbers on from its token")
        #expect(update.sections.first?.header == "Users matching 'mojombo'")
        #expect(try host.rows().rows.first?.id == "user:mojombo")
        #expect(try host.stack().first?.token?.query == "mojombo")
        // A second crash with nothing changed in between: the revision still moves on.
        _ = host.client.drainNotifications()
        _ = host.expectError(DebugCrashRequest.method)
        _ = try host.client.nextNotification(DidCrashNotification.self)
        let again = try host.client.nextNotification(DidUpdateNotification.self)
        #expect(again.revision > update.revision)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func pastTheRestartIntensityTheScreenFailsUntilReloaded() throws {
        let host = try HostUnderTest(["--enable-debug-methods", "--max-restarts", "2"])
        try host.initialize()
        let leaks = LeakCheck(host)
        for expected in [true, true, false] {
            _ = host.expectError(DebugCrashRequest.method)
            let crashed = try host.client.nextNotification(DidCrashNotification.self)
            #expect(crashed.restarting == expected)
            host.noteWorkers()
        }
        let failed = try host.rows()
        #expect(failed.sections.first?.state == .failed)
        #expect(failed.rows.first?.id == "navhost:reload")
        #expect(host.expectError(QueryRequest.method, ["text": "x"])?.code == RPCErrorCode.workerFailed)
        let audit = try host.client.send(ProcessesRequest())
        #expect(audit.screens.first?.state == "failed")
        #expect(audit.screens.first?.restarts == 2)
        let reloaded = try host.client.send(ReloadRequest())
        #expect(reloaded.screen == "s1")
        #expect(try host.rows().sections.first?.state == nil)
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func selectingTheReloadRowReloads() throws {
        let host = try HostUnderTest(["--enable-debug-methods", "--max-restarts", "0"])
        try host.initialize()
        _ = host.expectError(DebugCrashRequest.method)
        #expect(try host.client.nextNotification(DidCrashNotification.self).restarting == false)
        _ = try host.client.request(SelectRequest.method, ["rowId": "navhost:reload"])
        #expect(try host.client.send(ProcessesRequest()).screens.first?.state == "running")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aHungWorkerIsFoundByPingAndRestarted() throws {
        let host = try HostUnderTest(["--enable-debug-methods", "--request-timeout", "0.5", "--ping-interval", "0.2"])
        try host.initialize()
        let leaks = LeakCheck(host)
        let worker = try #require(host.workers().first)
        // No request of the client's waits on it: only the ping notices.
        kill(worker, SIGSTOP)
        let crashed = try host.client.nextNotification(DidCrashNotification.self)
        #expect(crashed.status.contains("did not answer worker/ping"))
        #expect(crashed.restarting)
        #expect(try host.rows().sections.isEmpty == false)
        #expect(!host.workers().contains(worker))
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func debugHangIsTreatedAsAHang() throws {
        let host = try HostUnderTest(["--enable-debug-methods", "--request-timeout", "0.5"])
        try host.initialize()
        let leaks = LeakCheck(host)
        let error = host.expectError(DebugHangRequest.method)
        #expect(error?.code == RPCErrorCode.requestTimedOut)
        #expect(error?.message.contains("s1") == true)
        #expect(try host.client.nextNotification(DidCrashNotification.self).restarting)
        #expect(try host.rows().sections.isEmpty == false)
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func setStackRebuildsASavedStack() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        _ = try host.client.send(QueryRequest(text: "chronic"))
        let saved = try host.stack().map { SavedScreen(kind: $0.kind, params: $0.params, token: $0.token) }
        _ = try host.client.send(PopToRootRequest())
        let restored = try host.client.send(SetStackRequest(screens: saved))
        #expect(restored.stack.map(\.kind) == ["users", "repositories"])
        #expect(try host.rows().rows.map(\.title) == ["chronic"])
        let unknownUser = host.expectError(SetStackRequest.method, ["screens": [["kind": "users"], ["kind": "repositories", "params": ["login": "no-such-user-xyz"]]]])
        #expect(unknownUser?.message.contains("the stack is unchanged") == true)
        #expect(try host.stack().map(\.id) == restored.stack.map(\.id))
        host.noteWorkers()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func processesListsEachScreensWorker() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let audit = try host.client.send(ProcessesRequest())
        #expect(audit.host.pid == Int(host.client.pid))
        #expect(audit.host.rssBytes > 0)
        #expect(Set(audit.screens.compactMap(\.pid).map(Int32.init)) == Set(host.workers()))
        for screen in audit.screens {
            #expect(screen.state == "running" && screen.restarts == 0)
            #expect((screen.rssBytes ?? 0) > 0 && (screen.uptimeSeconds ?? -1) >= 0)
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
