import FakeGitHub
import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

/// Every request about a screen goes through one gateway, with one set of rules; these were
/// the bugs of the copies that each path to a worker used to have.
@Suite struct ScreenGatewayTests {
    /// `nav/open` searches the root screen: a hibernating root wakes for it, as for any read.
    @Test func aDeepLinkWakesAHibernatingRoot() throws {
        let host = try HostUnderTest(["--awake-screens", "1"])
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let processes = try host.client.send(ProcessesRequest())
        #expect(processes.screens.first?.state == "hibernating", "the root hibernates below one awake screen")

        let opened = try host.client.send(OpenRequest(path: "users/mojombo/repositories/grit"))
        #expect(opened.stack.map(\.kind) == ["users", "repositories", "repository"])
        #expect(try host.client.send(StackRequest()).stack.first?.token?.query == "mojombo", "the root was searched for the login")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A failed screen shows its failed section and reload row to `screen/render` exactly as to
    /// `screen/rows`.
    @Test func renderShowsAFailedScreenAsRowsDo() throws {
        let host = try HostUnderTest(["--max-restarts", "0"])
        let root = try host.initialize().stack[0]
        let worker = try #require(host.workers().first)
        kill(worker, SIGKILL)
        _ = try host.client.nextNotification(DidCrashNotification.method)
        _ = try host.client.waitIdle(timeout: 10)

        let rows = try host.rows(root.id)
        #expect(rows.rows.map(\.id) == ["navhost:reload"])
        let rendered = try host.client.send(RenderRequest(screen: root.id))
        #expect(rendered.text.contains("THIS SCREEN STOPPED WORKING"), "\(rendered.text)")
        #expect(rendered.text.contains("Reload"))
        #expect(rendered.rowLines.keys.contains("navhost:reload"))
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A screen popped while its next page was loading takes its loading mark with it: the host
    /// becomes idle, and says so with `nav/didIdle`.
    @Test func poppingALoadingScreenLeavesTheHostIdle() throws {
        // The next page of kohsuke's repositories takes long: the screen is loading when popped.
        let github = try FakeGitHubFixture("pop", rules: [
            FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json"),
            FakeRule(path: "/user/50003/repos", match: "prefix", delayMilliseconds: 20_000),
        ])
        let host = try github.host(["--stop-grace", "0.5"])
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "kohsuke"]))
        _ = try host.rows(pushed.screen.id)
        _ = try host.client.send(RowsRequest(screen: pushed.screen.id, offset: 20, limit: 10))
        var update = try host.client.nextNotification(DidUpdateNotification.self)
        while update.loading != true { update = try host.client.nextNotification(DidUpdateNotification.self) }
        // Stopped, the worker never says it stopped loading: navhost ends it with SIGKILL.
        let worker = try #require(host.client.send(ProcessesRequest()).screens.last?.pid)
        kill(Int32(worker), SIGSTOP)

        _ = try host.client.send(PopRequest())
        // Two waits with different deadlines: idle reached, both are answered together, in the
        // order sent. A loading mark left behind held the host busy until each deadline passed,
        // so the shorter wait (sent second) came back first.
        host.client.send(["jsonrpc": "2.0", "id": "long", "method": "nav/waitIdle", "params": ["timeout": 30]])
        host.client.send(["jsonrpc": "2.0", "id": "short", "method": "nav/waitIdle", "params": ["timeout": 15]])
        let first = try host.client.nextReply(timeout: 40)
        let second = try host.client.nextReply(timeout: 40)
        #expect(first["id"] == "long" && second["id"] == "short", "\(first) then \(second)")
        let idle = try #require(first["result"]?["stateVersion"]?.intValue)
        // Idle is announced too.
        #expect(try host.client.nextDidIdle(reaching: idle) >= idle)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
