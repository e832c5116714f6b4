import Glibc
import NavProtocol
import Testing
@testable import NavHost

/// Every request about a screen goes through one gateway, with one set of rules; these were
/// the bugs of the copies that each path to a worker used to have.
@Suite struct ScreenGatewayTests {
    /// `nav/open` searches the root screen: a hibernating root wakes for it, as for any read.
    @Test func aDeepLinkWakesAHibernatingRoot() throws {
        let host = try InProcessHost { $0.settings.awakeScreens = 1 }
        try host.initialize()
        _ = try host.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let processes = try host.send(ProcessesRequest())
        #expect(processes.screens.first?.state == "hibernating", "the root hibernates below one awake screen")

        let opened = try host.send(OpenRequest(path: "users/mojombo/repositories/grit"))
        #expect(opened.stack.map(\.kind) == ["users", "repositories", "repository"])
        #expect(try host.send(StackRequest()).stack.first?.token?.query == "mojombo", "the root was searched for the login")
        #expect(try host.shutdown() == 0)
        #expect(host.workers.running.isEmpty)
    }

    /// A failed screen shows its failed section and reload row to `screen/render` exactly as to
    /// `screen/rows`.
    @Test func renderShowsAFailedScreenAsRowsDo() throws {
        let host = try InProcessHost { $0.settings.maxRestarts = 0 }
        let root = try host.initialize().stack[0]
        let worker = try #require(host.workers.serving(root.id))
        _ = worker.kill(SIGKILL)
        _ = try host.next(DidCrashNotification.self)
        _ = try host.send(WaitIdleRequest(timeout: 5))

        let rows = try host.send(RowsRequest(screen: root.id, offset: 0, limit: 200))
        #expect(rows.rows.map(\.id) == ["navhost:reload"])
        let rendered = try host.send(RenderRequest(screen: root.id))
        #expect(rendered.text.contains("THIS SCREEN STOPPED WORKING"), "\(rendered.text)")
        #expect(rendered.text.contains("Reload"))
        #expect(rendered.rowLines.keys.contains("navhost:reload"))
        #expect(try host.shutdown() == 0)
        #expect(host.workers.running.isEmpty)
    }

    /// A worker that does not answer within --request-timeout gets the client a timeout naming
    /// the screen, and is reset: killed and restarted, so the next read is answered.
    @Test func aWorkerThatDoesNotAnswerIsResetAndItsScreenServedAgain() throws {
        let host = try InProcessHost { $0.settings.requestTimeout = 0.5 }
        let root = try host.initialize().stack[0]
        let hung = try #require(host.workers.serving(root.id))
        hung.hangs = true

        let error = try host.error(RowsRequest.method, ["screen": .string(root.id), "offset": 0, "limit": 10])
        #expect(error.code == RPCErrorCode.requestTimedOut)
        #expect(error.message.contains("screen \(root.id) (users) did not answer screen/rows within 500 ms"), "\(error.message)")
        let crash = try host.next(DidCrashNotification.self)
        #expect(crash.restarting)
        #expect(crash.status.contains("after navhost reset it: it did not answer screen/rows within 500 ms"), "\(crash.status)")

        let rows = try host.send(RowsRequest(screen: root.id, offset: 0, limit: 10))
        #expect(rows.rows.map(\.id) == FakeApp.logins.map { "user:\($0)" })
        #expect(host.workers.serving(root.id) !== hung)
        #expect(try host.shutdown() == 0)
    }

    /// A perform has one --request-timeout per row it writes in turn, and its timeout says so.
    @Test func aPerformsTimeoutNamesTheTimeItHad() throws {
        let host = try InProcessHost { $0.settings.requestTimeout = 0.5 }
        let root = try host.initialize().stack[0]
        let hung = try #require(host.workers.serving(root.id))
        hung.hangs = true

        let rowIds: [JSONValue] = FakeApp.logins.prefix(3).map { .string("user:\($0)") }
        let error = try host.error(PerformRequest.method, ["screen": .string(root.id), "rowIds": .array(rowIds), "action": "open"])
        #expect(error.code == RPCErrorCode.requestTimedOut)
        #expect(error.message.contains("did not answer screen/perform within 1500 ms"), "\(error.message)")
        let crash = try host.next(DidCrashNotification.self)
        #expect(crash.status.contains("it did not answer screen/perform within 1500 ms"), "\(crash.status)")
        #expect(try host.shutdown() == 0)
    }
}
