import FakeGitHub
import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

/// Every request about a screen goes through one gateway, with one set of rules; these were
/// the bugs of the copies that each path to a worker used to have. This one needs real workers
/// reading a (fake) GitHub; the others run in-process (Tests/NavHostTests).
@Suite struct ScreenGatewayTests {
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
