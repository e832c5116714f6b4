import FakeGitHub
import GitHubAPI
import GitHubModels
import NavProtocol
import Testing

/// Every failure a user can act on, from recorded error responses and scripted faults.
@Suite struct GitHubAPIErrorTests {
    private func userError(_ harness: Harness, _ api: GitHubAPIClient, login: String = "mojombo") -> GitHubAPIError? {
        guard case .failure(let error)? = harness.wait({ api.user(login: login, completion: $0) }) else { return nil }
        return error
    }

    @Test func primaryRateLimitCarriesItsResetTime() throws {
        try withHarness { harness in
            try harness.server.script([
                FakeRule(path: "/users/jacquev6", recording: "23_user-pygithub-403-ratelimit.json", addHeaders: ["X-RateLimit-Reset": "1700000000"])
            ])
            let error = try #require(userError(harness, try harness.client(), login: "jacquev6"))
            #expect(error.kind == .rateLimited)
            #expect(error.status == 403)
            #expect(error.rateLimitReset == 1_700_000_000)
            #expect(error.githubMessage == "API Rate Limit Exceeded for 92.104.200.119")
            #expect(error.message == "GitHub's API rate limit is used up (60 requests per hour); it resets at 2023-11-14T22:13:20Z. Set GITHUB_TOKEN for a higher limit.")
            #expect(error.data["rateLimitResetAt"] == "2023-11-14T22:13:20Z")
            #expect(error.data["rateLimitReset"] == 1_700_000_000)
            #expect(error.data["kind"] == "rateLimited")
            #expect(error.isTransient)
        }
    }

    @Test func secondaryRateLimitsSayWhenToRetry() throws {
        try withHarness { harness in
            try harness.server.script([
                FakeRule(path: "/search/users", recording: "12_search-code-pygithub-403-abuse.json"),
                FakeRule(path: "/users/mojombo", status: 429, body: ["message": "slow down"], addHeaders: ["Retry-After": "30"]),
            ])
            let api = try harness.client(token: "test-token")
            guard case .failure(let abuse)? = harness.wait({ api.searchUsers(query: "tom", completion: $0) }) else {
                Issue.record("expected a failure")
                return
            }
            #expect(abuse.kind == .rateLimited)
            #expect(abuse.retryAfter == 60)
            #expect(abuse.message.contains("retry in 60 s"))
            let tooMany = try #require(userError(harness, api))
            #expect(tooMany.kind == .rateLimited)
            #expect(tooMany.status == 429)
            #expect(tooMany.retryAfter == 30)
        }
    }

    @Test func unknownUsersAndRepositoriesAreNotFound() throws {
        try withHarness { harness in
            let api = try harness.client()
            let user = try #require(userError(harness, api, login: "ThisUserShouldReallyNotExist"))
            #expect(user.kind == .notFound)
            #expect(user.status == 404)
            #expect(user.message == "GitHub has no user or organization named 'ThisUserShouldReallyNotExist'.")
            guard case .failure(let repository)? = harness.wait({ api.repository(owner: "jacquev6", name: "Xxx", completion: $0) }) else {
                Issue.record("expected a failure")
                return
            }
            #expect(repository.kind == .notFound)
            #expect(repository.message.contains("'jacquev6/Xxx'"))
            #expect(!repository.isTransient)
        }
    }

    @Test func anInvalidSearchQuerySaysWhy() throws {
        let body: JSONValue = [
            "message": "Validation Failed",
            "errors": [["message": "The search contains only logical operators (AND / OR / NOT) without any search terms.", "resource": "Search", "field": "q", "code": "invalid"]],
            "documentation_url": "https://docs.github.com/v3/search/",
        ]
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/search/users", status: 422, body: body)])
            let api = try harness.client()
            guard case .failure(let error)? = harness.wait({ api.searchUsers(query: "AND", completion: $0) }) else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.kind == .invalidQuery)
            #expect(error.message == "GitHub rejected the search query 'AND': The search contains only logical operators (AND / OR / NOT) without any search terms.")
            #expect(error.documentationURL == "https://docs.github.com/v3/search/")
        }
    }

    @Test func aRejectedTokenSaysToReplaceIt() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", recording: "25_me-pygithub-401-bad-credentials.json")])
            let error = try #require(userError(harness, try harness.client(token: "expired-token")))
            #expect(error.kind == .badCredentials)
            #expect(error.message.contains("GITHUB_TOKEN"))
            #expect(error.githubMessage == "Bad credentials")
        }
    }

    @Test func aSlowAnswerTimesOut() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", delayMilliseconds: 5000)])
            let error = try #require(userError(harness, try harness.client(timeout: .milliseconds(300))))
            #expect(error.kind == .timeout)
            #expect(error.message == "GitHub did not answer within 0.3 s (127.0.0.1:\(harness.server.port)).")
            #expect(error.detail?.isEmpty == false)
        }
    }

    @Test(arguments: ["drop", "reset", "truncate"])
    func aBrokenConnectionIsConnectionLost(fault: String) throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", fault: fault)])
            let error = try #require(userError(harness, try harness.client()))
            #expect(error.kind == .connectionLost)
            #expect(error.message.contains("127.0.0.1:\(harness.server.port)"))
        }
    }

    @Test func aStoppedServerIsAConnectionFailure() throws {
        try withHarness { harness in
            let api = try harness.client()
            harness.server.stop()
            let error = try #require(userError(harness, api))
            #expect(error.kind == .connectionFailed)
            #expect(error.message.hasPrefix("Could not connect to 127.0.0.1:\(harness.server.port)"))
        }
    }

    @Test func malformedJSONIsReportedAndNotCached() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", times: 1, fault: "malformed")])
            let cache = try harness.cache()
            let api = try harness.client(cache: cache)
            let error = try #require(userError(harness, api))
            #expect(error.kind == .malformedResponse)
            #expect(error.detail?.isEmpty == false)
            #expect(try cache.storedURLs().isEmpty)
            let retried = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(retried.source == .network)
            #expect(try harness.server.requests().last?.headers["if-none-match"] == nil)
        }
    }

    @Test func aBadAPIURLIsRefusedUpFront() throws {
        try withHarness { harness in
            #expect(throws: GitHubAPIError.self) { try GitHubAPIClient(http: harness.http, baseURL: "ftp://example", token: nil, cache: nil) }
        }
    }
}
