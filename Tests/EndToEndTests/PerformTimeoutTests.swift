import FakeGitHub
import NavClient
import NavProtocol
import Testing

/// A perform on several rows writes them in turn, each a second after the one before (GitHub's
/// spacing of writes), so it may take longer than one `--request-timeout`: navhost gives the
/// worker one for each row rather than taking it for hung and resetting it mid-write.
@Suite
struct PerformTimeoutTests {
    @Test func commentingOnThreeIssuesOutlastsOneRequestTimeout() throws {
        let github = try FakeGitHubFixture("live-perform-timeout", rules: [])
        let home = try ScratchFolder()
        let environment = FakeGitHubFixture.environment + ["GITHUB_TOKEN=ghp_performTimeout0123456789", "XDG_STATE_HOME=\(home.path)/state"]
        let host = try github.host(["--root", "repository-search", "--allow-writes", "--request-timeout", "1.5", "--per-page", "3"], environment: environment)
        try host.initialize()
        let screen = try host.readToEnd(try host.client.send(PushRequest(kind: "issues", params: LiveGitHubAppTests.fixtureRepository)).screen.id)
        let issues = Array(screen.rows.filter { $0.kind == "issue" }.prefix(3))
        try #require(issues.count == 3, "the recorded list has three issues to comment on")

        let done = try host.client.send(PerformRequest(rowIds: issues.map(\.id), action: "comment", input: ["body": "Seen here too"]))
        #expect(done.status == .done && done.results?.map(\.status) == ["done", "done", "done"])
        let posted = try github.server.settledRequests().filter { $0.method == "POST" }
        #expect(posted.count == 3)
        let first = try #require(posted.first?.receivedAt), last = try #require(posted.last?.receivedAt)
        #expect(last - first >= 1.9, "two seconds between the first write and the last: longer than one timeout")
        #expect(try host.shutdown().exitCode == 0)
    }
}
