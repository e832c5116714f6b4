import FakeGitHub
import GitHubAPI
import GitHubModels
import Testing

/// The three screens' requests against recorded responses: search, a user's repositories
/// page by page through `Link`, a repository, redirects, Enterprise prefixes, cancellation.
@Suite struct GitHubAPIFlowTests {
    @Test func searchThenRepositoriesFollowingLinkPagesThenRepository() throws {
        try withHarness { harness in
            let api = try harness.client(token: "test-token-flow")
            let base = harness.server.baseURL

            let search = try #require(harness.wait { api.searchUsers(query: "location:Berlin", completion: $0) }).get()
            #expect(search.value.totalCount == 6038)
            #expect(search.value.items.count == 30)
            #expect(search.value.items.first?.login == "cloudhead")
            #expect(search.nextPage == "\(base)/search/users?q=location%3ABerlin&page=2")
            #expect(search.source == .network)
            #expect(search.rateLimit?.limit == 30)
            let page2 = try #require(harness.wait { api.searchUsers(query: "location:Berlin", page: search.nextPage, completion: $0) }).get()
            #expect(page2.value.items.count == 30)
            #expect(page2.nextPage == "\(base)/search/users?q=location%3ABerlin&page=3")

            let repositories = try #require(harness.wait { api.userRepositories(login: "kohsuke", completion: $0) }).get()
            #expect(repositories.value.count == 30)
            #expect(repositories.value.allSatisfy { $0.owner.login == "kohsuke" })
            #expect(repositories.nextPage == "\(base)/user/50003/repos?per_page=30&page=2")
            let next = try #require(harness.wait { api.userRepositories(login: "kohsuke", page: repositories.nextPage, completion: $0) }).get()
            #expect(next.value.first?.name == "cucumber-annotation-indexer")
            #expect(next.nextPage == "\(base)/user/50003/repos?per_page=30&page=3")

            let repository = try #require(harness.wait { api.repository(owner: "octokit-fixture-org", name: "hello-world", completion: $0) }).get()
            #expect(repository.value.fullName == "octokit-fixture-org/hello-world")
            #expect(repository.nextPage == nil)

            let log = try harness.server.requests()
            #expect(log.map(\.path) == [
                "/search/users?q=location%3ABerlin&per_page=30", "/search/users?q=location%3ABerlin&page=2",
                "/users/kohsuke/repos?per_page=30", "/user/50003/repos?per_page=30&page=2", "/repos/octokit-fixture-org/hello-world",
            ])
            #expect(log.map(\.recording) == [
                "02_search-users-pygithub-berlin-p1.json", "03_search-users-pygithub-berlin-p2.json",
                "26_user-repos-hub4j-kohsuke-p1.json", "27_user-repos-hub4j-kohsuke-p2.json", "38_repo-octokit-fixtures-hello-world.json",
            ])
            for request in log {
                #expect(request.headers["accept"] == "application/vnd.github+json")
                #expect(request.headers["user-agent"] == GitHubAPIClient.defaultUserAgent)
                #expect(request.headers["authorization"] == "Bearer test-token-flow")
                #expect(request.headers["if-none-match"] == nil)
            }
        }
    }

    @Test func anonymousRequestsSendNoAuthorization() throws {
        try withHarness { harness in
            let api = try harness.client(token: "  ")
            #expect(!api.isAuthenticated)
            let user = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(user.value.name == "Tom Preston-Werner")
            #expect(try harness.server.requests().first?.headers["authorization"] == nil)
        }
    }

    @Test func enterpriseAPIPrefixIsKeptInEveryRequestAndLink() throws {
        try withHarness(prefix: "/api/v3") { harness in
            let api = try harness.client()
            #expect(api.baseURL.hasSuffix(":\(harness.server.port)/api/v3"))
            let first = try #require(harness.wait { api.userRepositories(login: "kohsuke", completion: $0) }).get()
            #expect(first.nextPage == "\(harness.server.baseURL)/user/50003/repos?per_page=30&page=2")
            let second = try #require(harness.wait { api.userRepositories(login: "kohsuke", page: first.nextPage, completion: $0) }).get()
            #expect(second.value.count == 30)
            #expect(try harness.server.requests().map(\.recording) == ["26_user-repos-hub4j-kohsuke-p1.json", "27_user-repos-hub4j-kohsuke-p2.json"])
        }
    }

    @Test(arguments: [
        ("protoncoin", "protoncoin", "/repositories/112116543", 112_116_543),
        ("sigmavirus24", "betamax", "/repositories/11439734", 11_439_734),
    ])
    func movedRepositoriesFollowTheirRedirect(owner: String, name: String, target: String, id: Int) throws {
        try withHarness { harness in
            let api = try harness.client()
            let repository = try #require(harness.wait { api.repository(owner: owner, name: name, completion: $0) }).get()
            #expect(repository.value.id == id)
            let log = try harness.server.requests()
            #expect(log.map(\.path) == ["/repos/\(owner)/\(name)", target])
            #expect(log.map(\.status) == [301, 200])
        }
    }

    @Test func loginsAreEncodedAsGitHubWritesThem() throws {
        try withHarness { harness in
            let api = try harness.client()
            let bot = try #require(harness.wait { api.user(login: "shipit[bot]", completion: $0) }).get()
            #expect(bot.value.type == .bot)
            #expect(try harness.server.requests().map(\.path) == ["/users/shipit%5Bbot%5D"])
        }
    }

    @Test func aSupersededSearchIsCancelledAndNeverCompletes() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/search/users", times: 1, delayMilliseconds: 5000)])
            let api = try harness.client()
            var stale: [Result<GitHubResult<GitHubSearchResult<GitHubUser>>, GitHubAPIError>] = []
            let superseded = api.searchUsers(query: "location:Berlin") { stale.append($0) }
            _ = try harness.server.waitForLog { $0.count == 1 }
            superseded.cancel()
            #expect(!superseded.isRunning)
            let current = harness.wait { api.searchUsers(query: "location:Berlin", completion: $0) }
            #expect((try? current?.get())?.value.totalCount == 6038)
            let log = try harness.server.settledRequests()
            #expect(log.map(\.outcome) == ["client_closed", "completed"])
            runFor(harness.loop, milliseconds: 200)
            #expect(stale.isEmpty, "the cancelled search completed")
            #expect(harness.http.activeTaskCount == 0)
        }
    }

    @Test func pageLinksAwayFromTheAPIAreRefusedWithoutARequest() throws {
        try withHarness { harness in
            let api = try harness.client(token: "test-token-foreign")
            var result: Result<GitHubResult<[GitHubRepository]>, GitHubAPIError>?
            api.userRepositories(login: "kohsuke", page: "https://elsewhere.invalid/user/50003/repos?page=2") { result = $0 }
            #expect(result == nil, "the completion ran inside the call")
            #expect(harness.loop.run { result != nil })
            guard case .failure(let error)? = result else { Issue.record("expected a refusal"); return }
            #expect(error.kind == .redirectRefused)
            #expect(try harness.server.requests().isEmpty)
        }
    }
}
