import NavClient
import NavProtocol
import Testing

/// The warm spare: a worker started ahead of the next push, replaced after each use.
@Suite struct WarmSpareTests {
    @Test func aPushUsesTheSpareAndANewOneIsStartedAfter() throws {
        let host = try HostUnderTest(["--warm-spare"])
        try host.initialize()
        _ = try host.client.waitIdle(timeout: 10)
        // The root's worker and one spare.
        let before = Set(try waitForWorkers(host, count: 2))
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let audit = try host.client.request("host/processes")
        let pushedPid = try #require(audit["screens"]?.arrayValue?.first { $0["screen"] == .string(pushed.screen.id) }?["pid"]?.intValue)
        #expect(before.contains(Int32(pushedPid)), "the pushed screen runs in the worker that was waiting")
        // A new spare replaces it: three workers now, one of them new.
        let after = Set(try waitForWorkers(host, count: 3))
        #expect(after.subtracting(before).count == 1)
        #expect(try host.rows(pushed.screen.id).rows.contains { $0.id == "repo:mojombo/grit" })
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// The spare rehearses a push while it waits; nothing of that may reach the host: a
    /// rehearsing worker answers exactly as a fresh one, message for message.
    @Test func aRehearsingSpareAnswersExactlyAsAFreshWorker() throws {
        func transcript(_ arguments: [String]) throws -> [JSONValue] {
            let worker = try NavClient(executable: BuildProducts.path(of: "screen-worker"), arguments: arguments)
            var messages: [JSONValue] = []
            for (method, params) in [
                ("worker/open", ["screen": "s2", "kind": "repositories", "params": ["login": "mojombo"]] as JSONValue),
                ("worker/rows", ["offset": 0, "limit": 50]),
                ("worker/query", ["text": "gr"]),
                ("worker/rows", ["offset": 0, "limit": 50]),
            ] {
                messages.append(try worker.request(method, params))
            }
            worker.closeInput()
            #expect(try worker.waitForExit().exitCode == 0)
            // Replies in order, then every notification in order.
            return messages + worker.drainNotifications().map { $0.json }
        }
        let plain = try transcript([])
        #expect(try transcript(["--rehearse"]) == plain)
        #expect(plain.contains { $0["rows"]?.arrayValue?.contains { $0["id"] == "repo:mojombo/grit" } == true })
    }

    /// The spare rehearses through the worker protocol itself, as navhost pushes: each screen
    /// opened, read, and left by a selection whose `host/push` the rehearsal answers.
    @Test func aSpareRehearsesAPushThreeScreensDeep() throws {
        let worker = try NavClient(executable: BuildProducts.path(of: "screen-worker"), arguments: ["--rehearse", "--log-level", "debug"])
        #expect(worker.pump(seconds: 10) { worker.stderrText.contains("rehearsed ") })
        #expect(worker.stderrText.contains("rehearsed users -> repositories -> repository"))
        worker.closeInput()
        #expect(try worker.waitForExit().exitCode == 0)
    }

    /// A push that comes during the rehearsal stops it (the push is already waiting when the
    /// worker starts, so it comes before the rehearsal's first screen is read), and so does the
    /// host going away: the worker serves the push, then ends as any other does.
    @Test func thePushOrTheHostsEndStopsTheRehearsal() throws {
        let pushed = try NavClient(executable: BuildProducts.path(of: "screen-worker"), arguments: ["--rehearse", "--log-level", "debug"])
        let opened = try pushed.request("worker/open", ["screen": "s2", "kind": "repositories", "params": ["login": "mojombo"]])
        #expect(opened["title"]?.stringValue?.contains("mojombo") == true)
        // The rehearsal's end is logged before the push is answered (a stopped one), or once it
        // has gone three screens deep (one that went on).
        #expect(pushed.pump(seconds: 10) { pushed.stderrText.contains("rehearsal stopped at") || pushed.stderrText.contains("rehearsed ") })
        #expect(pushed.stderrText.contains("rehearsal stopped at users"))
        let rows = try pushed.request("worker/rows", ["offset": 0, "limit": 50])
        #expect(rows["rows"]?.arrayValue?.contains { $0["id"] == "repo:mojombo/grit" } == true)
        pushed.closeInput()
        #expect(try pushed.waitForExit().exitCode == 0)

        let abandoned = try NavClient(executable: BuildProducts.path(of: "screen-worker"), arguments: ["--rehearse", "--log-level", "debug"])
        abandoned.closeInput()
        #expect(try abandoned.waitForExit().exitCode == 0)
        #expect(abandoned.stderrText.contains("rehearsal stopped at users"))
    }

    /// Waits for the worker count: a spare starts after a push completes, asynchronously.
    private func waitForWorkers(_ host: HostUnderTest, count: Int) throws -> [Int32] {
        let reached = host.client.pump(seconds: 10) { host.workers().count == count }
        #expect(reached, "expected \(count) workers, found \(host.workers().count)")
        return host.workers()
    }
}
