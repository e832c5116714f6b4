import Glibc
import NavClient
import NavProtocol
import Testing

/// Backpressure: a client that stops reading makes navhost stop reading workers, and the
/// workers stop reading their input, so navhost's memory stays bounded; navhost keeps reading
/// the client's requests up to --max-pending-input, so a client that writes a burst before
/// reading is never blocked; when the client reads again, everything arrives, in order.
@Suite struct FlowControlTests {
    @Test func aClientThatStopsReadingKeepsTheHostBoundedAndLosesNothing() throws {
        let highWater = 64 << 10
        // The timeout is not under test: a loaded machine may take long to move 600 large answers.
        let host = try HostUnderTest([
            "--client-output-high-water", String(highWater), "--request-timeout", "120",
        ])
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "a"))
        _ = try host.rows(limit: 1000)
        let pid = host.client.pid
        let baseline = try #require(ProcessTable.residentBytes(of: pid))

        host.client.pauseReading()
        let count = 600
        for index in 0..<count {
            host.client.send(["jsonrpc": "2.0", "id": .int(10_000 + index), "method": "screen/rows", "params": ["limit": 1000]])
        }
        // Not reading for a while: the test's condition, not a wait for a result.
        var peak = baseline
        host.client.pump(seconds: 2) {
            peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
            return false
        }
        peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
        host.client.resumeReading()

        var total = 0
        for index in 0..<count {
            let reply = try host.client.nextReply(timeout: 30)
            #expect(reply["id"] == .int(10_000 + index))
            #expect(reply["result"]?["rows"]?.arrayValue?.isEmpty == false, "\(reply["error"] ?? .null)")
            total += reply.serialized().count
        }
        #expect(peak - baseline < total / 2, "navhost grew by \(peak - baseline) bytes while \(total) bytes of answers were owed")
        print("flow control: \(count) replies, \(total) bytes in all, owed; navhost RSS \(baseline) -> peak \(peak)")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A pop while the client is not reading: the popped worker is read whatever the client
    /// does, so its answer to shutdown is seen and it ends at once, not after --stop-grace.
    @Test func aPopWhileTheClientIsNotReadingEndsThePoppedWorkerAtOnce() throws {
        let grace = 30.0
        let host = try HostUnderTest(["--client-output-high-water", String(16 << 10), "--stop-grace", String(grace), "--request-timeout", "120"])
        try host.initialize()
        let before = Set(host.workers())
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let popped = try #require(Set(host.workers()).subtracting(before).first, "the pushed screen's worker")
        host.client.pauseReading()
        // Answers the client does not read, past the high water: navhost stops reading the workers.
        for index in 0..<40 {
            host.client.send(["jsonrpc": "2.0", "id": .int(20_000 + index), "method": "screen/rows", "params": ["screen": "s1", "limit": 1000]])
        }
        host.client.send(["jsonrpc": "2.0", "id": 30_000, "method": "nav/pop"])
        let ended = host.client.pump(seconds: grace / 3) { !ProcessTable.isAlive(popped) }
        #expect(ended, "the popped worker \(popped) still runs \(grace / 3) s after the pop, with a --stop-grace of \(grace) s")
        host.client.resumeReading()
        for _ in 0..<41 { _ = try host.client.nextReply(timeout: 60) }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// The deadlock a burst writer used to hit: 20,000 requests written before any reply is
    /// read. Their answers back up into the worker, which stops reading; navhost used to stop
    /// reading the client once it owed the worker 1 MiB, with the client blocked in write().
    /// Now navhost reads them all (far below --max-pending-input), the client's writes
    /// complete, and then every reply arrives.
    @Test func aBurstWrittenBeforeReadingAnyReplyCompletes() throws {
        let host = try HostUnderTest(["--request-timeout", "120"])
        try host.initialize()
        host.client.pauseReading()
        let count = 20_000
        for index in 0..<count {
            host.client.send(["jsonrpc": "2.0", "id": .int(30_000 + index), "method": "screen/rows", "params": ["offset": .int(index % 200), "limit": 10]])
        }
        // The client reads nothing meanwhile: every byte it wrote must still reach navhost.
        let written = host.client.pump(seconds: 60) { host.client.unwrittenBytes == 0 }
        #expect(written, "navhost stopped reading with \(host.client.unwrittenBytes) bytes of requests still unwritten")
        host.client.resumeReading()
        // Each request answered once, with rows (a read from the worker's cache may overtake one
        // that waits for the snapshot, so the order is not checked).
        var unanswered = Set((0..<count).map { 30_000 + $0 })
        for _ in 0..<count {
            let reply = try host.client.nextReply(timeout: 60)
            #expect(unanswered.remove(reply["id"]?.intValue ?? -1) != nil)
            guard reply["result"]?["rows"]?.arrayValue?.isEmpty == false else {
                Issue.record("\(reply)")
                break
            }
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// Past --max-pending-input navhost stops reading the client (its memory stays bounded:
    /// the rest waits in the client), and nothing is lost: when the stopped worker goes on,
    /// every request is answered.
    @Test func pendingInputPastTheBoundWaitsInTheClient() throws {
        let host = try HostUnderTest(["--max-pending-input", String(1 << 20), "--ping-interval", "0", "--request-timeout", "120"])
        try host.initialize()
        let worker = try #require(host.workers().first)
        kill(worker, SIGSTOP)
        let count = 3_000
        let text = String(repeating: "q", count: 200)
        for index in 0..<count {
            host.client.send(["jsonrpc": "2.0", "id": .int(20_000 + index), "method": "screen/query", "params": ["text": .string(text + String(index))]])
        }
        // Each request counts its bytes and 1 KiB: 3,000 of them are about 3.6 MiB, over the
        // 1 MiB bound, so navhost stops reading and the rest stays unwritten in the client.
        // The worker stays stopped for two seconds: the test's condition, not a wait for a result.
        host.client.pump(seconds: 2) { false }
        #expect(host.client.unwrittenBytes > 0, "navhost read every request while its worker read none")
        kill(worker, SIGCONT)
        // Every request is answered: with its result, or -32800 when a later query superseded it.
        var unanswered = Set((0..<count).map { 20_000 + $0 })
        for _ in 0..<count {
            let reply = try host.client.nextReply(timeout: 60)
            #expect(unanswered.remove(reply["id"]?.intValue ?? -1) != nil)
            #expect(reply["result"] != nil || reply["error"]?["code"] == .int(RPCErrorCode.requestCancelled), "\(reply)")
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// Answers navhost writes itself count too. `nav/stack` is answered at once from the stack,
    /// so a client sending many without reading had navhost hold every answer (2,000 of a
    /// 1,000-deep stack's, 100 kB of requests, held 250 MB). What it owes the client counts
    /// against --max-pending-input with the requests not yet answered: navhost stops reading
    /// the client, and when the client reads, every answer arrives, in order.
    @Test func answersNavhostOwesCountAgainstPendingInput() throws {
        let host = try HostUnderTest(["--max-pending-input", String(1 << 20)])
        try host.initialize()
        let saved = Array(repeating: SavedScreen(kind: "users", token: RestorationToken(query: "mo")), count: 100)
        _ = try host.client.send(SetStackRequest(screens: saved), timeout: 60)
        _ = try host.client.waitIdle()
        let pid = host.client.pid
        let baseline = try #require(ProcessTable.residentBytes(of: pid))

        host.client.pauseReading()
        let count = 6_000
        for index in 0..<count {
            host.client.send(["jsonrpc": "2.0", "id": .int(index), "method": "nav/stack"])
        }
        // Not reading for a while: the test's condition, not a wait for a result.
        var peak = baseline
        host.client.pump(seconds: 2) {
            peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
            return false
        }
        peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
        #expect(host.client.unwrittenBytes > 0, "navhost read every request while it owed their answers")
        host.client.resumeReading()

        var total = 0
        for index in 0..<count {
            let reply = try host.client.nextReply(timeout: 30)
            #expect(reply["id"] == .int(index))
            #expect(reply["result"]?["stack"]?.arrayValue?.count == 100, "\(reply["error"] ?? .null)")
            total += reply.serialized().count
        }
        #expect(peak - baseline < total / 4, "navhost grew by \(peak - baseline) bytes while \(total) bytes of answers were owed")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A warm spare started while the client was not reading is paused like every worker, and
    /// resumed with them: the next push it serves is answered (found by the hostile fuzzer; the
    /// push used to wait for good, its answer unread and its timeout stopped).
    @Test func aSpareStartedWhileTheClientWasNotReadingServesTheNextPush() throws {
        let host = try HostUnderTest(["--warm-spare", "--client-output-high-water", "1024"])
        try host.initialize()
        // The spare is up: the push below takes it, and the next spare starts while the client is away.
        #expect(host.client.pump(seconds: 20) { host.workers().count == 2 })
        host.client.pauseReading()
        // The push first: it holds the request queue until its screen is open, so the spare's
        // answer is read before the reads queued behind it can back navhost's output up (sent
        // after them, the push raced their answers, and lost under load: its worker paused with
        // the others, it never finished). The next spare starts while the client is away and
        // navhost has stopped reading workers: its requests wait unanswered, so after the
        // longest wait for a pause (a second).
        host.client.send(["jsonrpc": "2.0", "id": "push", "method": "nav/push", "params": ["kind": "repositories", "params": ["login": "mojombo"]]])
        // Far more than the pipe holds: navhost's output to the client backs up.
        for index in 0..<8 {
            host.client.send(["jsonrpc": "2.0", "id": .string("rows\(index)"), "method": "screen/rows", "params": ["screen": "s1", "limit": 1000]])
        }
        // The client stays away until the next spare has started: the root's worker, the pushed
        // screen's, and the new spare.
        #expect(host.client.pump(seconds: 20) { host.workers().count == 3 }, "the next spare did not start")
        host.client.resumeReading()
        var answered: Set<String> = []
        while answered.count < 9 {
            let reply = try host.client.nextReply(timeout: 20)
            #expect(reply["result"] != nil, "\(reply)")
            answered.insert(reply["id"]?.stringValue ?? "?")
        }
        let second = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]), timeout: 20)
        #expect(second.stack.count == 3)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
