import FakeGitHub
import NavClient
import NavProtocol
import Testing

/// The issues, pull requests, README, repository search and stars screens, from navhost
/// `--source github` against the fake GitHub: what a user sees is exactly the recorded data.
@Suite
struct LiveGitHubAppTests {
    static let fixtureRepository: JSONValue = ["owner": "octokit-fixture-org", "name": "tmp-scenario-paginate-issues-20220719043836917-izyoe"]

    @Test func theIssuesScreenFollowsAFivePageSeriesToTheEnd() throws {
        let github = try FakeGitHubFixture("issues", rules: [])
        let host = try Self.host(github, ["--per-page", "3"])
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "issues", params: Self.fixtureRepository))
        let screen = try host.readToEnd(pushed.screen.id)
        #expect(screen.rows.map { $0.values?["number"] } == (1...13).reversed().map { .int($0) })
        #expect(screen.rows.map(\.title) == (1...13).reversed().map { "#\($0) Test issue \($0)" })
        #expect(screen.rows.allSatisfy { $0.values?["state"] == "open" && $0.values?["author"] == "octokit-fixture-user-a" })
        #expect(screen.sections.first?.header?.lowercased().contains("open") == true, "the state is in the header")
        let log = try github.server.settledRequests()
        #expect(log.map(\.recording) == (53...57).map { Self.issueSeriesFile($0) })
        #expect(log.dropFirst().allSatisfy { $0.path.hasPrefix("/repositories/515435940/issues?") }, "Link followed verbatim")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func pullRequestsInsideTheIssueListAreLeftOut() throws {
        // Recording 58 is page 1 of 341 and holds a pull request only; GitHub answers a page past
        // the end with an empty list, which the scenario does for page 2.
        let github = try FakeGitHubFixture("issues-pr", rules: [FakeRule(path: "/repositories/3544490/issues", status: 200, body: [])])
        let host = try Self.host(github, ["--per-page", "1"])
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "issues", params: ["owner": "PyGithub", "name": "PyGithub"]))
        let screen = try host.readToEnd(pushed.screen.id)
        #expect(!screen.rows.contains { $0.values?["number"] == 3045 })
        #expect(screen.rows.isEmpty && screen.sections.first?.state == nil, "loaded, with no issue to show")
        #expect(screen.sections.first?.hasMore != true)
        let log = try github.server.settledRequests()
        #expect(log.map(\.recording) == ["58_repo-issues-pygithub-2024-pr-item.json", nil], "page 1 held the pull request; page 2 was read on")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func anIssueShowsItsAboutAndBodyWhileItsCommentsFailOnTheirOwn() throws {
        let github = try FakeGitHubFixture("issue", rules: [
            FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/comments", status: 502, body: ["message": "Server Error"])
        ])
        let host = try Self.host(github)
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "issue", params: ["owner": "PyGithub", "name": "PyGithub", "number": 28]))
        let screen = try host.readToEnd(pushed.screen.id)
        let text = screen.shownText
        #expect(text.contains("jacquev6"), "the author")
        #expect(text.lowercased().contains("completed"), "the state's reason")
        #expect(text.contains("bug") && text.contains("question"), "the labels")
        let comments = try #require(screen.sections.first { $0.id.lowercased().contains("comment") })
        #expect(comments.state == .failed)
        #expect(comments.error == "GitHub answered 502: Server Error.")
        #expect(screen.sections.filter { $0.id != comments.id }.allSatisfy { $0.state == nil }, "About and the body show")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func aPullRequestShowsItsBranchesCountsAndMergeState() throws {
        let github = try FakeGitHubFixture("pull", rules: [FakeRule(path: "/repos/PyGithub/PyGithub/issues/3370/comments", status: 502, body: [:])])
        let host = try Self.host(github)
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "pull", params: ["owner": "PyGithub", "name": "PyGithub", "number": 3370]))
        let screen = try host.readToEnd(pushed.screen.id)
        let text = screen.shownText
        #expect(text.contains("dependabot[bot]"))
        #expect(text.contains("main") && text.contains("dependabot/github_actions/actions/setup-python-6"), "base ← head")
        #expect(text.lowercased().contains("merged"))
        #expect(try github.server.settledRequests().contains { $0.recording == "86_pull-pygithub-2026.json" })
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func reopeningAPullRequestRevalidatesWithTheRecorded304() throws {
        let github = try FakeGitHubFixture("pull-304", rules: [FakeRule(path: "/repos/jacquev6/PyGithub/issues/31/comments", status: 502, body: [:])])
        let host = try Self.host(github)
        try host.initialize()
        let params: JSONValue = ["owner": "jacquev6", "name": "PyGithub", "number": 31]
        let first = try host.readToEnd(try host.client.send(PushRequest(kind: "pull", params: params)).screen.id)
        _ = try host.client.send(PopRequest())
        let second = try host.readToEnd(try host.client.send(PushRequest(kind: "pull", params: params)).screen.id)
        #expect(second.rows == first.rows, "the cached body shows the same screen")
        let text = second.shownText
        #expect(text.contains("topic/RewriteWithGeneratedCode ← BeaverSoftware:master"), "the recorded base ← head")
        let pulls = try github.server.settledRequests().filter { $0.path == "/repos/jacquev6/PyGithub/pulls/31" }
        #expect(pulls.map(\.recording) == ["82_pull-pygithub-2013-etag.json", "83_pull-pygithub-2013-304.json"])
        #expect(pulls.map(\.status) == [200, 304])
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func aReadmeIsDecodedIntoSectionsAndLinks() throws {
        let github = try FakeGitHubFixture("readme", rules: [])
        let host = try Self.host(github)
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "readme", params: ["owner": "octokit", "name": "octokit.rb"]))
        let screen = try host.readToEnd(pushed.screen.id)
        #expect(screen.sections.contains { $0.header == "Installation" })
        #expect(screen.rows.contains { $0.title == "Simple Ruby wrapper for the GitHub API." })
        #expect(screen.rows.contains { $0.title.contains("gem install octokit") }, "a code block")
        #expect(screen.rows.contains { $0.values?["url"] == "http://rdoc.info/gems/octokit" }, "a link opens its URL")
        #expect(!screen.rows.contains { $0.title.hasPrefix("#") }, "no markup left in titles")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func repositorySearchShowsTheRecordedPagesMostStarredFirst() throws {
        let github = try FakeGitHubFixture("search-repos", rules: [
            FakeRule(path: "/search/repositories", times: 1, recording: "93_search-repos-octokitrb-2015-p1.json")
        ])
        let host = try Self.host(github, ["--per-page", "1"])
        let root = try host.initialize().stack[0]
        #expect(root.kind.rawValue == "repository-search", "repository search can be the root")
        let empty = try host.rows(root.id)
        #expect(empty.rows.isEmpty, "an empty query shows nothing yet")
        #expect(try github.server.requests().isEmpty, "and asks GitHub nothing")
        _ = try host.client.send(QueryRequest(screen: root.id, text: "octokit language:Python"))
        let screen = try host.readToEnd(root.id)
        let names = screen.rows.compactMap { row -> String? in
            guard case .string(let owner)? = row.values?["owner"], case .string(let name)? = row.values?["name"] else { return nil }
            return "\(owner)/\(name)"
        }
        #expect(names == ["irqed/octokit.py", "whardier/OctoKitten"])
        #expect(screen.rows.first?.values?["totalCount"] == 2, "the search's total comes first")
        #expect(screen.rows.first?.values?["capped"] == false)
        #expect(try github.server.settledRequests().map(\.recording) == ["93_search-repos-octokitrb-2015-p1.json", "94_search-repos-octokitrb-2015-p2.json"])
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func anExhaustedSearchQuotaIsTheSectionsErrorNamedAsSuch() throws {
        let github = try FakeGitHubFixture("search-limit", rules: [FakeRule(
            path: "/search/repositories", status: 403, body: ["message": "API rate limit exceeded for 127.0.0.1."],
            addHeaders: ["X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1430338524"])])
        let host = try Self.host(github)
        let root = try host.initialize().stack[0]
        let failure = host.expectError(QueryRequest.method, ["screen": .string(root.id), "text": "octokit"])
        #expect(failure?.data?["kind"] == "rateLimited")
        #expect(failure?.message.hasPrefix("GitHub's search rate limit is used up (10 searches per minute)") == true)
        #expect(try host.rows(root.id).sections.first?.state == .failed)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func aUsersStarsAreListedAcrossBothRecordedPages() throws {
        let github = try FakeGitHubFixture("starred", rules: [])
        let host = try Self.host(github)
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "starred", params: ["login": "jacquev6"]))
        let screen = try host.readToEnd(pushed.screen.id)
        #expect(screen.rows.count == 35)
        #expect(screen.rows.first?.values?["name"] == "git" && screen.rows.first?.values?["owner"] == "git")
        #expect(screen.rows.last?.values?["name"] == "folly" && screen.rows.last?.values?["owner"] == "facebook")
        #expect(try github.server.settledRequests().map(\.recording) == ["103_user-starred-pygithub-2012-p1.json", "104_user-starred-pygithub-2012-p2.json"])
        #expect(try host.shutdown().exitCode == 0)
    }

    /// navhost on the fake GitHub with repository search as the root: it asks GitHub nothing
    /// until a query is typed, so the screen under test makes every request in the log.
    static func host(_ github: FakeGitHubFixture, _ arguments: [String] = []) throws -> HostUnderTest {
        try github.host(["--root", "repository-search"] + arguments)
    }

    static func issueSeriesFile(_ number: Int) -> String {
        let pages = [53: "p1", 54: "p2", 55: "p3", 56: "p4", 57: "p5-last"]
        return "\(number)_repo-issues-octokit-fixtures-\(pages[number] ?? "").json"
    }
}

extension HostUnderTest {
    /// A screen read as a user scrolling to the end: every read near the end of a paged list
    /// loads its next page, until no section has more.
    func readToEnd(_ screen: String, pages limit: Int = 50) throws -> ScreenSnapshot {
        var rows = try self.rows(screen, limit: 1000)
        var reads = 0
        while rows.sections.contains(where: { $0.hasMore == true }) && reads < limit {
            _ = try client.waitIdle(timeout: 10)
            rows = try self.rows(screen, limit: 1000)
            reads += 1
        }
        let described = try #require(try client.send(StackRequest()).stack.first { $0.id == screen })
        return ScreenSnapshot(screen: described, revision: rows.revision, sections: rows.sections, rows: rows.rows)
    }
}

extension ScreenSnapshot {
    /// What a user reads: each row's title, subtitle and detail, a line a row.
    var shownText: String {
        rows.map { [$0.title, $0.subtitle ?? "", $0.detail ?? ""].joined(separator: " ") }.joined(separator: "\n")
    }
}
