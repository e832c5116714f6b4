import FakeGitHub
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import Testing

/// Writes go out one at a time, spaced; the reads a write made stale are not revalidated from
/// the cache but read afresh; the repository screen learns whether the user starred it.
@Suite struct WriteLaneTests {
    static let issue = GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 28)

    @Test func theDefaultSpacingIsOneSecond() throws {
        #expect(GitHubAPIClient.defaultWriteSpacing == .seconds(1))
        try withHarness { harness in
            let api = try GitHubAPIClient(http: harness.http, baseURL: harness.server.baseURL, token: nil, cache: nil)
            #expect(api.writeSpacing == .seconds(1))
        }
    }

    /// Three writes asked for at once reach GitHub in order, each after the previous one was
    /// answered and at least the spacing after it arrived.
    @Test func writesGoOutOneAtATimeSpacedApart() throws {
        try withHarness { harness in
            // The first answer is slow: the second must wait for it, not only for the spacing.
            try harness.server.script([FakeRule(path: "/user/starred/nvie/gitflow", times: 1, delayMilliseconds: 400)])
            let source = try harness.writer(writeSpacing: .milliseconds(250))
            var outcomes: [Result<Void, ActionFailure>] = []
            source.write(.star(owner: "nvie", name: "gitflow")) { outcomes.append($0) }
            source.write(.comment(Self.issue, body: "one")) { outcomes.append($0) }
            source.write(.comment(Self.issue, body: "two")) { outcomes.append($0) }
            harness.loop.run(seconds: 10) { outcomes.count == 3 }
            #expect(outcomes.count == 3 && outcomes.allSatisfy { (try? $0.get()) != nil })
            let log = try harness.server.settledRequests()
            #expect(log.map(\.method) == ["PUT", "POST", "POST"])
            #expect(log.compactMap(\.body) == [#"{"body":"one"}"#, #"{"body":"two"}"#], "in the order asked")
            let arrived = log.compactMap(\.receivedAt)
            try #require(arrived.count == 3)
            #expect(arrived[1] - arrived[0] >= 0.4, "the second write waited for the first one's answer, not only the spacing")
            // The client starts them 250 ms apart; loopback latency differs by well under 50 ms.
            #expect(arrived[2] - arrived[1] >= 0.2, "spaced: \(arrived[2] - arrived[1]) s")
        }
    }

    /// libcurl sends a request again when a kept connection turns out closed: a write always
    /// takes a new connection, so it cannot be sent twice that way. Reads keep theirs.
    @Test func eachWriteTakesANewConnection() throws {
        try withHarness { harness in
            let source = try harness.writer()
            for _ in 0..<2 { _ = harness.wait { source.api.user(login: "mojombo", completion: $0) } }
            _ = harness.perform(.comment(Self.issue, body: "one"), on: source)
            _ = harness.perform(.comment(Self.issue, body: "two"), on: source)
            let ports = try harness.server.settledRequests().compactMap(\.clientPort)
            try #require(ports.count == 4)
            #expect(ports[0] == ports[1], "the second read kept the first one's connection")
            #expect(Set(ports).count == 3, "each write on a connection of its own: \(ports)")
        }
    }

    /// The lane keeps its order: once a write queued after the cancelled one is answered, the
    /// cancelled one would have gone out before it.
    @Test func aCancelledWriteThatHasNotStartedIsNeverSent() throws {
        try withHarness { harness in
            let api = try harness.client(writeSpacing: .milliseconds(200))
            var answers: [String] = []
            @discardableResult
            func comment(_ body: String) -> GitHubAPITask {
                api.write(LiveGitHubSource.request(for: .comment(Self.issue, body: body))) { _ in answers.append(body) }
            }
            comment("sent")
            comment("called off").cancel()
            comment("barrier")
            harness.loop.run(seconds: 5) { answers.contains("barrier") }
            #expect(answers == ["sent", "barrier"])
            #expect(try harness.server.settledRequests().compactMap(\.body) == [#"{"body":"sent"}"#, #"{"body":"barrier"}"#])
        }
    }

    /// A write cancelled while GitHub is answering it does not hold up the ones after it.
    @Test func aWriteCancelledUnderWayLetsTheNextOneGo() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/user/starred/nvie/gitflow", delayMilliseconds: 3000)])
            let api = try harness.client()
            var answers: [String] = []
            let slow = api.write(LiveGitHubSource.request(for: .star(owner: "nvie", name: "gitflow"))) { _ in answers.append("star") }
            api.write(LiveGitHubSource.request(for: .comment(Self.issue, body: "next"))) { _ in answers.append("comment") }
            _ = try harness.server.waitForLog { $0.count == 1 }
            slow.cancel()
            #expect(harness.loop.run(seconds: 2) { answers == ["comment"] }, "answered: \(answers)")
        }
    }

    /// A cached issue is revalidated with its ETag; after a comment it is read whole, and shows it.
    @Test func aWriteDropsTheCachedReadsItMadeStale() throws {
        try withHarness { harness in
            let cache = try harness.cache()
            let source = try harness.writer(cache: cache)
            let api = source.api
            let before = try #require(harness.wait { api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) }).get()
            _ = try #require(harness.wait { api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) }).get()
            _ = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(try harness.server.requests().filter { $0.path.hasSuffix("/issues/28") }.map { $0.headers["if-none-match"] != nil } == [false, true])
            // Stores are queued, not waited for: wait until both are in the file.
            #expect(harness.loop.run(seconds: 5) { (try? cache.storedURLs().count) == 2 })

            let posted = harness.perform(.comment(Self.issue, body: "new"), on: source)
            #expect((try? posted?.get()) != nil)
            #expect(try cache.storedURLs() == ["\(harness.server.baseURL)/users/mojombo"], "only the repository's reads went, and no write was stored")
            let after = try #require(harness.wait { api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) }).get()
            #expect(after.source == .network)
            #expect(after.value.comments == before.value.comments + 1)
            let reads = try harness.server.requests().filter { $0.path.hasSuffix("/issues/28") }
            #expect(reads.last?.headers["if-none-match"] == nil, "read afresh, not revalidated")
        }
    }

    /// A write drops its reads however they were stored: the repository spelled otherwise than
    /// the write spells it, a list's later pages under GitHub's `/repositories/{id}` links, a
    /// user's stars by login and page. Each is read again whole, not revalidated.
    @Test func aWriteDropsItsReadsWhateverTheirSpelling() throws {
        try withHarness { harness in
            let cache = try harness.cache()
            let source = try harness.writer(cache: cache)
            let (owner, name) = IssueEndpointTests.fixtureRepository
            let lister = try harness.client(perPage: 3, cache: cache)
            func readAll() throws {
                _ = try #require(harness.wait { source.api.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get()
                let first = try #require(harness.wait { lister.issues(owner: owner, name: name, state: .open, completion: $0) }).get()
                let page2 = try #require(first.nextPage)
                #expect(page2.contains("/repositories/515435940/issues"))
                _ = try #require(harness.wait { lister.issues(owner: owner, name: name, state: .open, page: page2, completion: $0) }).get()
                let stars = try #require(harness.wait { source.api.starredRepositories(login: "jacquev6", completion: $0) }).get()
                _ = try #require(harness.wait { source.api.starredRepositories(login: "jacquev6", page: stars.nextPage, completion: $0) }).get()
            }
            try readAll()
            #expect(harness.loop.run(seconds: 5) { (try? cache.storedURLs().count) == 5 })

            #expect((try? harness.perform(.star(owner: "pygithub", name: "PYGITHUB"), on: source)?.get()) != nil)
            #expect((try? harness.perform(.comment(GitHubItemRef(owner: owner, name: name, number: 12), body: "seen"), on: source)?.get()) != nil)
            #expect(try cache.storedURLs().isEmpty, "left: \((try? cache.storedURLs()) ?? [])")
            let before = try harness.server.requests().count
            try readAll()
            let reads = try harness.server.requests().dropFirst(before)
            #expect(reads.count == 5)
            #expect(reads.filter { $0.headers["if-none-match"] != nil }.map(\.path) == [], "read afresh, not revalidated")
        }
    }

    @Test func theRepositoryScreenLearnsWhetherTheUserStarredIt() throws {
        try withHarness { harness in
            let source = try harness.writer()
            func starred() throws -> Bool? {
                try #require(harness.wait { _ = source.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get().starred
            }
            #expect(try starred() == false)
            _ = harness.perform(.star(owner: "PyGithub", name: "PyGithub"), on: source)
            #expect(try starred() == true)
            _ = harness.perform(.unstar(owner: "PyGithub", name: "PyGithub"), on: source)
            #expect(try starred() == false)
            let checks = try harness.server.requests().filter { $0.path == "/user/starred/PyGithub/PyGithub" }.map { "\($0.method) \($0.status ?? 0)" }
            #expect(checks == ["GET 404", "PUT 204", "GET 204", "DELETE 204", "GET 404"])

            let anonymous = LiveGitHubSource(api: try harness.client())
            let seen = try #require(harness.wait { _ = anonymous.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get()
            #expect(seen.starred == nil, "without a token GitHub cannot say")
            #expect(try harness.server.requests().filter { $0.path.hasPrefix("/user/starred") }.count == 5, "and is not asked")

            let reader = LiveGitHubSource(api: try harness.client(token: "ghp_reader"), allowsWrites: false)
            let read = try #require(harness.wait { _ = reader.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get()
            #expect(read.starred == nil, "a source that cannot star does not ask, even with a token")
            #expect(try harness.server.requests().filter { $0.path.hasPrefix("/user/starred") }.count == 5)
        }
    }

    @Test func aRepositorysLabelsAreReadFromItsFirstPageOfAHundred() throws {
        try withHarness { harness in
            let source = try harness.writer()
            let labels = try #require(harness.wait { _ = source.labels(owner: "PyGithub", name: "PyGithub", completion: $0) }).get()
            #expect(labels.map(\.name).starts(with: ["bug", "documentation", "duplicate"]))
            #expect(try harness.server.requests().last?.path == "/repos/PyGithub/PyGithub/labels?per_page=100")
        }
    }
}
