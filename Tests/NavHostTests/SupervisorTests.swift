import Glibc
import NavProtocol
import Testing
@testable import NavHost

/// The supervisor keeps the stack's screens alive: a worker that ends unasked is restarted from
/// the screen's restoration token, within the restart intensity; past it the screen shows its
/// failed state until it is reloaded.
@Suite struct SupervisorTests {
    @Test func aCrashedWorkerIsRestartedWhereItWas() throws {
        let host = try InProcessHost()
        let root = try host.initialize().stack[0]
        _ = try host.send(QueryRequest(screen: root.id, text: "moj"))
        let first = try #require(host.workers.serving(root.id))
        _ = first.kill(SIGKILL)

        let crash = try host.next(DidCrashNotification.self)
        #expect(crash.screen == root.id && crash.restarting && crash.restarts == 1)
        #expect(crash.status == "killed by signal 9 (SIGKILL)")
        // The new worker opened from the token: the query is still typed.
        let rows = try host.send(RowsRequest(screen: root.id, offset: 0, limit: 10))
        #expect(rows.rows.map(\.id) == ["user:mojombo"])
        #expect(host.workers.serving(root.id).map { $0 !== first } == true)
        #expect(try host.shutdown() == 0)
        #expect(host.workers.running.isEmpty)
    }

    @Test func pastTheRestartIntensityTheScreenFailsUntilReloaded() throws {
        let host = try InProcessHost { $0.settings.maxRestarts = 1 }
        let root = try host.initialize().stack[0]
        _ = try #require(host.workers.serving(root.id)).kill(SIGKILL)
        #expect(try host.next(DidCrashNotification.self).restarting)
        try host.wait { host.workers.serving(root.id)?.screen != nil }
        _ = try #require(host.workers.serving(root.id)).kill(SIGKILL)
        let second = try host.next(DidCrashNotification.self)
        #expect(!second.restarting)

        let failed = try host.send(RowsRequest(screen: root.id, offset: 0, limit: 10))
        #expect(failed.rows.map(\.id) == [FailedScreen.reloadRowId])
        // Selecting the reload row is `screen/reload`.
        _ = try host.request(SelectRequest.method, ["screen": .string(root.id), "rowId": .string(FailedScreen.reloadRowId)]).get()
        let back = try host.send(RowsRequest(screen: root.id, offset: 0, limit: 10))
        #expect(back.rows.map(\.id) == FakeApp.logins.map { "user:\($0)" })
        #expect(try host.shutdown() == 0)
    }
}
