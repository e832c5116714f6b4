import FakeGitHub
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import Testing

/// READMEs (87-90), repository search (93-95) with its cap and its own rate limit, and a user's
/// stars (103/104).
@Suite struct ReadmeSearchStarsTests {
    @Test(arguments: [
        ("jacquev6", "PyGithub", "ReadMe.md", 7531, "This is a Python library to access the [Github API v3](http://developer.github.com/v3)."),
        ("octokit", "octokit.rb", "README.md", 7115, "# Octokit"),
        ("sigmavirus24", "github3.py", "README.rst", 1978, ".. image::"),
    ])
    func aReadmeDecodesToTheRecordedSize(owner: String, name: String, file: String, size: Int, firstLine: String) throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let readme = try #require(harness.wait { _ = source.readme(owner: owner, name: name, completion: $0) }).get()
            #expect(readme.name == file)
            #expect(readme.size == size)
            #expect(readme.content.contains("\n"), "GitHub breaks the base64 into lines")
            let text = try #require(readme.text)
            #expect(text.utf8.count == size)
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) == firstLine)
            #expect(try harness.server.requests().map(\.path) == ["/repos/\(owner)/\(name)/readme"])
        }
    }

    /// 88 is the same repository's README on another branch, recorded with `?ref=`: the test's
    /// scenario serves it for the repository's README.
    @Test func aReStructuredTextReadmeOfTheSameRepositoryDecodesToo() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/repos/jacquev6/PyGithub/readme", recording: "88_readme-pygithub-2012-ref.json")])
            let api = try harness.client()
            let readme = try #require(harness.wait { api.readme(owner: "jacquev6", name: "PyGithub", completion: $0) }).get().value
            #expect((readme.name, readme.size) == ("ReadMe.rst", 4976))
            #expect(readme.text?.utf8.count == 4976)
            #expect(readme.text?.hasPrefix("This is a Python (2 and 3) library to access the `Github API v3 <http://developer.github.com/v3>`_.") == true)
        }
    }

    @Test func aMissingReadmeIsNotFound() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let result = try #require(harness.wait { _ = source.readme(owner: "jacquev6", name: "Xxx", completion: $0) })
            guard case .failure(ScreenError.notFound(let message)) = result else {
                Issue.record("expected notFound, got \(result)")
                return
            }
            #expect(message == "GitHub has no README in 'jacquev6/Xxx', or no such repository the token can see.")
        }
    }

    /// 93 was recorded without `sort=stars`: the scenario answers the search's first page with it
    /// (twice: asked by the client, then by the source); its `Link` carries the recorded query,
    /// which selects 94 by itself.
    @Test func twoSearchPagesShowTheTotalThenResultsWithTheSearchQuota() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/search/repositories", times: 2, recording: "93_search-repos-octokitrb-2015-p1.json")])
            let api = try harness.client(perPage: 1)
            let first = try #require(harness.wait { api.searchRepositories(query: "octokit language:Python", completion: $0) }).get()
            #expect(first.rateLimit == GitHubRateLimit(limit: 10, remaining: 7, reset: 1_430_338_524, resource: "search"))

            let pages = try harness.pages(of: LiveGitHubSource(api: api).searchRepositories("octokit language:Python"))
            let total = GitHubSearchTotal(totalCount: 2, incompleteResults: false)
            #expect(pages.count == 2)
            #expect(pages.first?.items.first == .total(total))
            #expect(!total.isCapped)
            let results = pages.flatMap(\.items).compactMap { item -> String? in
                guard case .result(let repository) = item else { return nil }
                return repository.fullName
            }
            #expect(results == ["irqed/octokit.py", "whardier/OctoKitten"])
            let log = try harness.server.requests()
            #expect(log.map(\.path) == [
                "/search/repositories?q=octokit%20language%3APython&sort=stars&order=desc&per_page=1",
                "/search/repositories?q=octokit%20language%3APython&sort=stars&order=desc&per_page=1",
                "/search/repositories?per_page=1&q=octokit+language%3APython&page=2",
            ])
            #expect(log.map(\.recording) == [
                "93_search-repos-octokitrb-2015-p1.json", "93_search-repos-octokitrb-2015-p1.json", "94_search-repos-octokitrb-2015-p2.json",
            ])
        }
    }

    /// 95 matched 2,723 repositories, but GitHub lists only 1,000: answered for every page, its
    /// `Link` always has a next page; the list stops at the cap.
    @Test func aSearchListsAtMostTheFirstThousandResults() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/search/repositories", recording: "95_search-repos-pygithub-2014-p1.json")])
            let source = LiveGitHubSource(api: try harness.client())
            let pages = try harness.pages(of: source.searchRepositories("github language:Python"))
            guard case .total(let total)? = pages.first?.items.first else {
                Issue.record("the first page starts with the total")
                return
            }
            #expect(total.totalCount == 2723 && total.isCapped && total.listable == 1000)
            let results = pages.flatMap(\.items).filter { if case .result = $0 { true } else { false } }
            #expect(results.count == GitHubSearchTotal.resultCap)
            #expect(pages.count == 34)
            #expect(pages.last?.items.count == 10)
            #expect(pages.last?.next == nil)
            #expect(try harness.server.requests().count == 34)
        }
    }

    @Test func anExhaustedSearchQuotaIsNamedAsTheSearchOne() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(
                path: "/search/repositories", status: 403, body: ["message": "API rate limit exceeded for 127.0.0.1."],
                addHeaders: ["X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1430338524"])])
            let api = try harness.client()
            guard case .failure(let error)? = harness.wait({ api.searchRepositories(query: "octokit", completion: $0) }) else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.kind == .rateLimited)
            #expect(error.message == "GitHub's search rate limit is used up (10 searches per minute); it resets at 2015-04-29T20:15:24Z. Set GITHUB_TOKEN for a higher limit.")
        }
    }

    @Test func aUsersStarsArePagedThroughLink() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client())
            let pages = try harness.pages(of: source.starredRepositories(of: "jacquev6"))
            #expect(pages.map(\.items.count) == [30, 5])
            let names = pages.flatMap(\.items).map(\.fullName)
            #expect(names.first == "git/git")
            #expect(names.last == "facebook/folly")
            #expect(Set(names).count == 35)
            #expect(try harness.server.requests().map(\.path) == ["/users/jacquev6/starred?per_page=30", "/users/jacquev6/starred?page=2"])
        }
    }
}
