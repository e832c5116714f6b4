import FakeGitHub
import Foundation
import GitHubAPI
import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

/// navhost with `--source github` against the fake GitHub server, which replays real recorded
/// API responses on 127.0.0.1.
@Suite struct LiveSourceTests {
    private static let environment = FakeGitHubFixture.environment + ["GITHUB_TOKEN=ghp_e2e_live_token"]

    @Test func browsesLiveDataFollowingLinkPagesWithTheTokenOnlyWhereItBelongs() throws {
        // The popular list is a search; answer it once with a recorded search page.
        let github = try FakeGitHubFixture("browse", rules: [FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json")])
        let server = github.server
        let host = try github.host(environment: Self.environment)
        let root = try host.initialize().stack[0]
        let popular = try host.rows(root.id)
        #expect(popular.rows.count == 30)
        #expect(popular.sections.first?.hasMore == true, "the recording's Link header has a next page")

        // kohsuke's repositories: the first page, then the next one through the Link URL GitHub rewrote.
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "kohsuke"]))
        let firstPage = try host.rows(pushed.screen.id)
        #expect(firstPage.rows.filter { $0.id.hasPrefix("repo:") }.count == 30)
        _ = try host.client.send(RowsRequest(screen: pushed.screen.id, offset: 20, limit: 10))
        _ = try host.client.waitIdle(timeout: 10)
        let both = try host.rows(pushed.screen.id)
        #expect(both.rows.filter { $0.id.hasPrefix("repo:") }.count > 30)
        #expect(both.revision > firstPage.revision)

        // A repository's detail; opening it again revalidates with If-None-Match.
        let repository = try host.client.send(PushRequest(kind: "repository", params: ["owner": "sigmavirus24", "name": "github3.py"]))
        #expect(try host.rows(repository.screen.id).rows.contains { $0.id == "about:language" && $0.detail == "Python" })
        _ = try host.client.send(PopRequest())
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "sigmavirus24", "name": "github3.py"]))

        let log = try server.settledRequests()
        let paths = log.map(\.path)
        #expect(paths.contains { $0.hasPrefix("/users/kohsuke/repos") })
        #expect(paths.contains { $0.hasPrefix("/user/50003/repos") && $0.contains("page=2") }, "\(paths)")
        let repositoryRequests = log.filter { $0.path == "/repos/sigmavirus24/github3.py" }
        #expect(repositoryRequests.count == 2)
        #expect(repositoryRequests.last?.headers["if-none-match"] != nil, "the second request is conditional")
        #expect(log.allSatisfy { $0.headers["authorization"] == "Bearer ghp_e2e_live_token" })
        #expect(log.allSatisfy { $0.headers["accept"] == "application/vnd.github+json" })

        // The token reaches the live workers' environment and never the logs.
        try #require(!host.workers().isEmpty)
        for worker in host.workers() {
            #expect(procText("/proc/\(worker)/environ").contains("GITHUB_TOKEN=ghp_e2e_live_token"))
        }
        #expect(try host.shutdown().exitCode == 0)
        #expect(!host.client.stderrText.contains("ghp_e2e_live_token"))
        // What the session fetched is in the cache for the next one. (Not "no write-ahead log is
        // left": workers closing the cache at the same moment may each see another still open, and
        // SQLite then leaves the log to the next opener, which reads it; it happened under CI load.)
        let cached = try ResponseCache(path: github.cachePath).storedURLs()
        #expect(cached.contains { $0.hasSuffix("/repos/sigmavirus24/github3.py") }, "\(cached)")
        #expect(cached.contains { $0.contains("/users/kohsuke/repos") }, "\(cached)")
        host.expectNoWorkerLeft()
    }

    @Test func anUnknownUserFailsThePushAndARateLimitIsTheSectionsErrorState() throws {
        let github = try FakeGitHubFixture("rl", rules: [
            FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json"),
            FakeRule(path: "/search/users", recording: "12_search-code-pygithub-403-abuse.json"),
        ])
        let host = try github.host(environment: Self.environment)
        try host.initialize()
        let missing = host.expectError(PushRequest.method, ["kind": "repositories", "params": ["login": "ThisUserShouldReallyNotExist"]])
        #expect(missing?.code == RPCErrorCode.invalidParams)
        #expect(missing?.message.contains("ThisUserShouldReallyNotExist") == true)
        // The search fails: the client gets an error with what to act on, and the screen shows it.
        let failure = host.expectError(QueryRequest.method, ["text": "tom"])
        #expect(failure?.code == RPCErrorCode.dataUnavailable)
        #expect(failure?.data?["kind"] == "rateLimited")
        #expect(failure?.data?["retryAfter"] == 60, "the recorded secondary limit's Retry-After")
        let section = try #require(try host.rows().sections.first)
        #expect(section.state == .failed)
        #expect(section.error == failure?.message)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}

@Suite struct LiveSearchCancellationTests {
    @Test func aSupersededSearchIsCancelledOnTheWireNotLeftRunning() throws {
        let github = try FakeGitHubFixture("cancel", rules: [
            FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json"),
            // The first typed query is slow; the next one answers at once.
            FakeRule(path: "/search/users", times: 1, delayMilliseconds: 5_000, recording: "05_search-users-pygithub-sort-followers.json"),
            FakeRule(path: "/search/users", recording: "10_search-users-github3-full-media.json"),
        ])
        let server = github.server
        let host = try github.host()
        try host.initialize()
        host.client.send(["jsonrpc": "2.0", "id": 901, "method": "screen/query", "params": ["text": "vinc"]])
        _ = try server.waitForLog { log in log.contains { $0.path.contains("q=vinc") } }
        let latest = try host.client.send(QueryRequest(text: "tom"))
        let superseded = try host.client.nextReply()
        #expect(superseded["id"] == 901)
        #expect(superseded["error"]?["code"] == .int(RPCErrorCode.requestCancelled))
        #expect(latest.sections.first?.header == "Users matching 'tom'")
        let log = try server.settledRequests()
        let slow = try #require(log.first { $0.path.contains("q=vinc") })
        #expect(slow.outcome == "client_closed", "the superseded request was removed from libcurl, not answered: \(slow.outcome)")
        #expect(try host.shutdown().exitCode == 0)
    }
}

@Suite struct InitializeSourceTests {
    @Test func initializeCanChooseTheLiveSourceForTheSession() throws {
        let loop = UVLoop()
        let server = try FakeGitHubServer(loop: loop)
        defer { server.close() }
        try server.script([FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json")])
        let cacheHome = "/tmp/navshell-e2e-xdg-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let host = try HostUnderTest([], environment: ["PATH=/usr/bin:/bin", "HOME=/tmp", "XDG_CACHE_HOME=\(cacheHome)"])
        let initialized = try host.client.send(InitializeRequest(source: .init(kind: "github", apiURL: server.baseURL)))
        #expect(try host.rows(initialized.stack[0].id).rows.count == 30, "the root lists the recorded search page")
        #expect(try server.settledRequests().contains { $0.path.hasPrefix("/search/users") })
        // The live source is served by the live worker binary, the only one that loads libcurl.
        let worker = try #require(host.workers().first)
        #expect(ProcessTable.executablePath(of: worker).hasSuffix("/screen-worker-live"))
        #expect(procText("/proc/\(worker)/maps").contains("libcurl"))
        #expect(try host.shutdown().exitCode == 0)
        let refused = try HostUnderTest()
        let error = refused.expectError(InitializeRequest.method, ["source": ["kind": "ftp"]])
        #expect(error?.code == RPCErrorCode.invalidParams)
        #expect(error?.message.contains("source.kind") == true)
        refused.client.notify(ExitNotification.method)
        _ = try refused.client.waitForExit()
    }
}

@Suite struct LiveOfflineTests {
    @Test func offlineTheCachedDataIsShownAndMarkedStale() throws {
        let github = try FakeGitHubFixture("offline", rules: [FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json")])
        let server = github.server
        let host = try github.host(["--request-timeout", "30"])
        try host.initialize()
        let online = try host.client.send(PushRequest(kind: "repositories", params: ["login": "kohsuke"]))
        let fresh = try host.rows(online.screen.id)
        #expect(fresh.sections.first?.stale == nil)
        _ = try host.client.send(PopRequest())

        // GitHub is unreachable now: the same list comes from the cache, marked as such.
        server.stop()
        let offline = try host.client.send(PushRequest(kind: "repositories", params: ["login": "kohsuke"]))
        let saved = try host.rows(offline.screen.id)
        #expect(saved.rows.map(\.id) == fresh.rows.map(\.id))
        let section = try #require(saved.sections.first)
        #expect(section.stale == true)
        #expect(section.footer?.hasPrefix("Saved data, not fresh:") == true, "\(section.footer ?? "")")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
