import FakeGitHub
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import NavProtocol
import Testing

/// A repository's issues, pull requests and conversations, from recordings 53-86: pages followed
/// through the id-based `Link` URLs GitHub writes, pull requests inside an issue list, 304s.
@Suite struct IssueEndpointTests {
    static let fixtureRepository = ("octokit-fixture-org", "tmp-scenario-paginate-issues-20220719043836917-izyoe")

    @Test func aFivePageIssueSeriesIsFollowedToTheEndThroughIdBasedLinks() throws {
        try withHarness { harness in
            let api = try harness.client(perPage: 3)
            let (owner, name) = Self.fixtureRepository
            var numbers: [Int] = []
            var page: String?
            var nextLinks: [String?] = []
            repeat {
                let result = try #require(harness.wait { api.issues(owner: owner, name: name, state: .open, page: page, completion: $0) }).get()
                numbers += result.value.map(\.number)
                #expect(result.value.allSatisfy { $0.state == .open && !$0.isPullRequest && $0.user.login == "octokit-fixture-user-a" })
                nextLinks.append(result.nextPage)
                page = result.nextPage
            } while page != nil && nextLinks.count < 10
            #expect(numbers == Array((1...13).reversed()), "newest first, every issue once")
            let base = harness.server.baseURL
            #expect(nextLinks == (2...5).map { "\(base)/repositories/515435940/issues?per_page=3&page=\($0)" } + [nil])
            let log = try harness.server.requests()
            #expect(log.map(\.path) == ["/repos/\(owner)/\(name)/issues?state=open&per_page=3"]
                + (2...5).map { "/repositories/515435940/issues?per_page=3&page=\($0)" })
            #expect(log.map(\.recording) == [
                "53_repo-issues-octokit-fixtures-p1.json", "54_repo-issues-octokit-fixtures-p2.json", "55_repo-issues-octokit-fixtures-p3.json",
                "56_repo-issues-octokit-fixtures-p4.json", "57_repo-issues-octokit-fixtures-p5-last.json",
            ])
        }
    }

    /// GitHub answers a list by the repository's id as by its name: the fake does too, so the
    /// `rel="first"` link of page 2 is page 1.
    @Test func theFirstPageByIdIsThePageByName() throws {
        try withHarness { harness in
            let api = try harness.client(perPage: 3)
            let (owner, name) = Self.fixtureRepository
            let first = "\(harness.server.baseURL)/repositories/515435940/issues?per_page=3&page=1"
            let byId = try #require(harness.wait { api.issues(owner: owner, name: name, state: .open, page: first, completion: $0) }).get()
            #expect(byId.value.map(\.number) == [13, 12, 11])
            #expect(try harness.server.requests().map(\.recording) == ["53_repo-issues-octokit-fixtures-p1.json"])
        }
    }

    @Test func theSourceFiltersTitlesPageByPageAndAsksForTheState() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client(perPage: 3))
            let (owner, name) = Self.fixtureRepository
            let matching = try harness.pages(of: source.issues(owner: owner, name: name, filter: GitHubIssueFilter(titleContains: "ISSUE 1")))
            #expect(matching.flatMap(\.items).map(\.number) == [13, 12, 11, 10, 1])
            #expect(matching.count == 5, "every page is read: GitHub's list cannot filter titles")

            let recordedPageSize = LiveGitHubSource(api: try harness.client())
            let all = try harness.pages(of: recordedPageSize.issues(owner: "hub4j-test-org", name: "testQueryIssues", filter: GitHubIssueFilter(state: .all)))
            let issues = all.flatMap(\.items)
            #expect(issues.map(\.number) == Array((1...8).reversed()))
            #expect(issues.filter { $0.state == .closed }.map(\.number) == [8, 6])
            #expect(issues.first { $0.number == 7 }?.labels.map(\.name) == ["bug", "test-label"])
            #expect(try harness.server.requests().last?.path == "/repos/hub4j-test-org/testQueryIssues/issues?state=all&per_page=30")
        }
    }

    @Test func pullRequestsInsideAnIssueListAreMarkedAndOldPlainIssuesAreNot() throws {
        try withHarness { harness in
            let api = try harness.client(perPage: 1)
            let listed = try #require(harness.wait { api.issues(owner: "PyGithub", name: "PyGithub", state: .open, completion: $0) }).get()
            let item = try #require(listed.value.first)
            #expect(listed.value.count == 1)
            #expect((item.number, item.title, item.isPullRequest) == (3045, "Make tests pass some more years", true))
            #expect(listed.nextPage == "\(harness.server.baseURL)/repositories/3544490/issues?per_page=1&page=2")

            // 2013: every issue carried a `pull_request` object; a plain issue's has null URLs.
            let old = try #require(harness.wait { api.issue(owner: "jacquev6", name: "PyGithub", number: 188, completion: $0) }).get()
            #expect(!old.value.isPullRequest)
            let pull = try #require(harness.wait { api.issue(owner: "tmshn", name: "PyGithub", number: 2, completion: $0) }).get()
            #expect(pull.value.isPullRequest)
            #expect(pull.value.title == "[PR for TEST] Issue to pull")
        }
    }

    @Test(arguments: [
        ("issues/188", "62_issue-pygithub-2013-etag.json", "63_issue-pygithub-2013-304.json"),
        ("pulls/31", "82_pull-pygithub-2013-etag.json", "83_pull-pygithub-2013-304.json"),
    ])
    func aRevalidationAnswered304IsServedFromTheCache(path: String, fresh: String, revalidated: String) throws {
        try withHarness { harness in
            let api = try harness.client(cache: try harness.cache())
            func load() throws -> (String, Int, GitHubResponseSource, Int?) {
                if path.hasPrefix("issues") {
                    let issue = try #require(harness.wait { api.issue(owner: "jacquev6", name: "PyGithub", number: 188, completion: $0) }).get()
                    return (issue.value.title, issue.value.comments, issue.source, issue.rateLimit?.remaining)
                }
                let pull = try #require(harness.wait { api.pullRequest(owner: "jacquev6", name: "PyGithub", number: 31, completion: $0) }).get()
                return (pull.value.title, pull.value.additions ?? -1, pull.source, pull.rateLimit?.remaining)
            }
            let first = try load(), second = try load()
            #expect(first.2 == .network)
            #expect(second.2 == .notModified)
            #expect(second.0 == first.0 && second.1 == first.1, "the cached body, decoded again")
            #expect([first.0, second.0].allSatisfy { $0 == (path.hasPrefix("issues") ? "Getting the status of GitHub" : "Title edited by PyGithub") })
            #expect(second.3 == (path.hasPrefix("issues") ? 4865 : 4863), "the recorded 304's own rate limit")
            let log = try harness.server.requests()
            #expect(log.map(\.recording) == [fresh, revalidated])
            #expect(log.map(\.status) == [200, 304])
            #expect(log[1].headers["if-none-match"] == "\"654d1a29abe3a61b096e8bffbc61c162\"")
            #expect(log[1].headers["if-modified-since"] == "Fri, 06 Sep 2013 12:51:22 GMT")
        }
    }

    struct RecordedPull: Sendable, CustomTestStringConvertible {
        var owner: String, name: String, number: Int
        var branches: String, merged: Bool, mergeable: Bool?
        /// Additions, deletions, changed files, commits.
        var counts: [Int]
        var testDescription: String { "\(owner)/\(name)#\(number)" }
    }

    @Test(arguments: [
        RecordedPull(owner: "jacquev6", name: "PyGithub", number: 39, branches: "topic/RewriteWithGeneratedCode ← BeaverSoftware:master",
                     merged: false, mergeable: true, counts: [95, 31, 15, 2]),
        RecordedPull(owner: "sigmavirus24", name: "github3.py", number: 119, branches: "develop ← sigmavirus24:params",
                     merged: false, mergeable: false, counts: [505, 32, 6, 14]),
        RecordedPull(owner: "PyGithub", name: "PyGithub", number: 3370, branches: "main ← PyGithub:dependabot/github_actions/actions/setup-python-6",
                     merged: true, mergeable: nil, counts: [7, 7, 4, 1]),
    ])
    func aSinglePullRequestCarriesItsCountsAndMergeFacts(_ recorded: RecordedPull) throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let pull = try #require(harness.wait { _ = source.pullRequest(owner: recorded.owner, name: recorded.name, number: recorded.number, completion: $0) }).get()
            #expect(pull.number == recorded.number)
            #expect("\(pull.base.ref) ← \(pull.head.label)" == recorded.branches)
            #expect(pull.isMerged == recorded.merged && pull.mergeable == recorded.mergeable)
            #expect([pull.additions, pull.deletions, pull.changedFiles, pull.commits] == recorded.counts.map { $0 })
        }
    }

    @Test func aPullRequestListCarriesNoCounts() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            for (owner, number, author) in [("jacquev6", 32, "jacquev6"), ("rsn491", 1, "rsn491")] {
                let listed = try harness.pages(of: source.pullRequests(owner: owner, name: "PyGithub", filter: GitHubIssueFilter()))
                let pull = try #require(listed.first?.items.first)
                #expect((pull.number, pull.user.login, pull.state) == (number, author, .open))
                #expect(pull.additions == nil && pull.merged == nil, "a list carries no counts or merge facts")
            }
            #expect(try harness.server.requests().map(\.path) == ["/repos/jacquev6/PyGithub/pulls?state=open&per_page=30", "/repos/rsn491/PyGithub/pulls?state=open&per_page=30"])
        }
    }

    @Test func aThreePageConversationIsReadOldestFirst() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client(perPage: 3))
            let pages = try harness.pages(of: source.comments(owner: "PyGithub", name: "PyGithub", number: 1136))
            #expect(pages.map(\.items.count) == [3, 3, 1])
            let comments = pages.flatMap(\.items)
            #expect(comments.map(\.user.login) == ["stale[bot]", "engn33r", "EnricoMi", "etiennnr", "EnricoMi", "etiennnr", "engn33r"])
            #expect(comments.map(\.createdAt) == comments.map(\.createdAt).sorted())
            #expect(try harness.server.requests().map(\.path) == [
                "/repos/PyGithub/PyGithub/issues/1136/comments?per_page=3",
                "/repositories/3544490/issues/1136/comments?per_page=3&page=2",
                "/repositories/3544490/issues/1136/comments?per_page=3&page=3",
            ])
        }
    }

    /// Offline, a conversation read before comes from the cache, each page marked stale.
    @Test func offlineACachedConversationIsServedStale() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client(perPage: 3, cache: try harness.cache()))
            let online = try harness.pages(of: source.comments(owner: "PyGithub", name: "PyGithub", number: 1136))
            #expect(online.allSatisfy { $0.staleReason == nil })
            harness.server.stop()
            let offline = try harness.pages(of: source.comments(owner: "PyGithub", name: "PyGithub", number: 1136))
            #expect(offline.map { $0.items.map(\.id) } == online.map { $0.items.map(\.id) })
            #expect(offline.allSatisfy { $0.staleReason?.hasPrefix("Could not connect to 127.0.0.1:") == true }, "\(offline.map(\.staleReason))")
        }
    }

    /// 2012 comments carry no `html_url`.
    @Test func aConversationFrom2012IsReadToo() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let comments = try harness.pages(of: source.comments(owner: "jacquev6", name: "PyGithub", number: 28)).flatMap(\.items)
            #expect(comments.map(\.user.login) == ["jacquev6", "roskakori"])
            #expect(comments.allSatisfy { $0.htmlURL == nil })
            #expect(comments.last?.body.hasPrefix("Good to hear you are already working on this in #6") == true)
        }
    }

    @Test func emptyListsAreOneEmptyLastPage() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let comments = try harness.pages(of: source.comments(owner: "kohsuke", name: "test", number: 4))
            #expect(comments.map(\.items.count) == [0])
            #expect(comments.first?.next == nil)
            let pulls = try harness.pages(of: source.pullRequests(owner: "github-api-test-org", name: "github-api", filter: GitHubIssueFilter()))
            #expect(pulls.map(\.items.count) == [0])
            #expect(try harness.server.requests().map(\.recording) == ["74_issue-comments-hub4j-2021-empty.json", "80_repo-pulls-hub4j-2019-empty.json"])
        }
    }

    /// GitHub answers 410 for the issues of a repository that turned them off: the list fails
    /// with GitHub's reason, and retrying will not help.
    @Test func turnedOffIssuesFailTheListWithGitHubsReason() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(
                path: "/repos/octokit/octokit.rb/issues", status: 410,
                body: ["message": "Issues are disabled for this repo", "documentation_url": "https://docs.github.com/v3/issues/"])])
            let source = LiveGitHubSource(api: try harness.client())
            let result = try #require(harness.firstPage(of: source.issues(owner: "octokit", name: "octokit.rb", filter: GitHubIssueFilter())))
            guard case .failure(ScreenError.sourceFailed(let message, let data)) = result else {
                Issue.record("expected the section to fail, got \(result)")
                return
            }
            #expect(message == "GitHub says it is not there (410: Issues are disabled for this repo).")
            #expect(data["kind"] == "gone")
            #expect(data["transient"] == false)
        }
    }

    @Test func aMissingIssueFailsAsNotFoundNamingIt() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let result = try #require(harness.wait { _ = source.issue(owner: "jacquev6", name: "PyGithub", number: 99999, completion: $0) })
            guard case .failure(let error) = result, case ScreenError.notFound(let message) = error else {
                Issue.record("expected notFound, got \(result)")
                return
            }
            #expect(message == "GitHub has no issue or pull request #99999 in 'jacquev6/PyGithub', or the token cannot see it.")
        }
    }
}
