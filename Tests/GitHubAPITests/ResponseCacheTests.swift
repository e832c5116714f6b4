import FakeGitHub
import Foundation
import GitHubAPI
import GitHubModels
import Testing

/// Conditional requests, 304s, stale bodies when GitHub cannot be asked, and the size bound.
@Suite struct ResponseCacheTests {
    @Test func aRepeatedRequestIsConditionalAndA304ServesTheCachedBody() throws {
        try withHarness { harness in
            let cache = try harness.cache()
            let api = try harness.client(cache: cache)
            let first = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(first.source == .network)
            let second = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(second.source == .notModified)
            #expect(!second.isStale)
            #expect(second.value == first.value)
            #expect(second.rateLimit?.limit == 5000)
            let log = try harness.server.requests()
            #expect(log.map(\.status) == [200, 304])
            #expect(log[0].headers["if-none-match"] == nil)
            #expect(log[1].headers["if-none-match"] == "W/\"73f9872269ba878bb4e8debba1fde991\"")
            #expect(log[1].headers["if-modified-since"] == "Mon, 19 Aug 2019 19:50:56 GMT")
            #expect(try cache.storedURLs() == ["\(harness.server.baseURL)/users/mojombo"])
        }
    }

    @Test func aCachedPageKeepsItsNextLinkThroughA304() throws {
        try withHarness { harness in
            let api = try harness.client(cache: try harness.cache())
            let first = try #require(harness.wait { api.userRepositories(login: "kohsuke", completion: $0) }).get()
            let again = try #require(harness.wait { api.userRepositories(login: "kohsuke", completion: $0) }).get()
            #expect(again.source == .notModified)
            #expect(again.nextPage == first.nextPage)
            #expect(again.value.count == 30)
        }
    }

    @Test func offlineTheCachedBodyIsServedMarkedStale() throws {
        try withHarness { harness in
            let api = try harness.client(cache: try harness.cache())
            let fresh = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            harness.server.stop()
            let offline = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(offline.isStale)
            #expect(offline.source == .staleCache)
            #expect(offline.value == fresh.value)
            #expect(offline.staleReason?.kind == .connectionFailed)
            guard case .failure(let uncached)? = harness.wait({ api.user(login: "kohsuke", completion: $0) }) else {
                Issue.record("an uncached URL must fail offline")
                return
            }
            #expect(uncached.kind == .connectionFailed)
        }
    }

    @Test func aRateLimitWithACachedBodyServesItStale() throws {
        try withHarness { harness in
            let api = try harness.client(cache: try harness.cache())
            _ = try #require(harness.wait { api.user(login: "jacquev6", completion: $0) }).get()
            try harness.server.script([FakeRule(path: "/users/jacquev6", recording: "23_user-pygithub-403-ratelimit.json")])
            let limited = try #require(harness.wait { api.user(login: "jacquev6", completion: $0) }).get()
            #expect(limited.isStale)
            #expect(limited.staleReason?.kind == .rateLimited)
        }
    }

    @Test func theCacheSurvivesReopeningAndWorkersShareIt() throws {
        try withHarness { harness in
            let writerCache = try harness.cache(named: "shared")
            let writer = try harness.client(cache: writerCache)
            _ = try #require(harness.wait { writer.user(login: "mojombo", completion: $0) }).get()
            // The writer stores in the background, after answering.
            #expect(harness.loop.run { (try? writerCache.storedURLs())?.isEmpty == false })
            let reader = try harness.client(cache: try harness.cache(named: "shared"))
            let cached = try #require(harness.wait { reader.user(login: "mojombo", completion: $0) }).get()
            #expect(cached.source == .notModified)
        }
    }

    @Test func storingPastTheBoundEvictsTheLeastRecentlyUsed() throws {
        let folder = NSTemporaryDirectory() + "navshell-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try ResponseCache(path: "\(folder)/nested/cache.sqlite", maximumBytes: 1000)
        func entry(_ name: String, bytes: Int) -> ResponseCache.Entry {
            ResponseCache.Entry(url: "u/\(name)", body: Array(repeating: 1, count: bytes), etag: "e", lastModified: nil, link: nil)
        }
        try cache.store(entry("a", bytes: 300))
        try cache.store(entry("b", bytes: 300))
        try cache.store(entry("c", bytes: 300))
        #expect(try cache.storedURLs() == ["u/a", "u/b", "u/c"])
        #expect(try cache.entry(for: "u/a")?.body.count == 300)
        try cache.store(entry("d", bytes: 300))
        #expect(try cache.storedURLs() == ["u/c", "u/a", "u/d"], "b was the least recently used")
        #expect(try cache.totalBytes() <= 1000)
        try cache.store(entry("huge", bytes: 2000))
        #expect(try cache.entry(for: "u/huge") == nil)
        #expect(try cache.storedURLs().count == 3)
        try cache.revalidate(url: "u/c", etag: "e2", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT")
        let revalidated = try #require(try cache.entry(for: "u/c"))
        #expect(revalidated.etag == "e2")
        #expect(revalidated.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
        try cache.removeAll()
        #expect(try cache.totalBytes() == 0)
    }

    /// A write's stale reads, however GitHub let them be spelled: any case, a `*` segment for
    /// any login, and a repository's reads by id, the id from its stored body or a stored `Link`.
    @Test func removingEntriesMatchesEveryStoredSpelling() throws {
        let folder = NSTemporaryDirectory() + "navshell-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try ResponseCache(path: "\(folder)/cache.sqlite")
        let base = "https://api.example"
        func store(_ path: String, body: String = "[]", link: String? = nil) throws {
            try cache.store(ResponseCache.Entry(url: base + path, body: Array(body.utf8), etag: nil, lastModified: nil, link: link))
        }
        try store("/repos/pygithub/PYGITHUB", body: #"{"id": 3544490, "owner": {"id": 1}}"#)
        try store("/repos/PyGithub/PyGithub/issues?state=open", link: "<\(base)/repositories/42/issues?state=open&page=2>; rel=\"next\"")
        try store("/repositories/42/issues?state=open&page=2")
        try store("/repositories/3544490/pulls?page=3")
        try store("/repositories/1/issues")
        try store("/repos/PyGithub/PyGithub2")
        try store("/users/jacquev6/starred?per_page=30")
        try store("/user/583231/starred?page=2")
        try store("/users/jacquev6/repos")
        try store("/user/starred")
        try cache.removeEntries(under: ["/repos/PyGithub/PyGithub", "/user/starred", "/users/*/starred", "/user/*/starred"].map { base + $0 })
        #expect(try cache.storedURLs().sorted() == ["/repos/PyGithub/PyGithub2", "/repositories/1/issues", "/users/jacquev6/repos"].map { base + $0 })
    }

    @Test func theDefaultLocationFollowsXDG() {
        #expect(ResponseCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/navshell/github-responses.sqlite")
        #expect(ResponseCache.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.cache/navshell/github-responses.sqlite")
    }
}
