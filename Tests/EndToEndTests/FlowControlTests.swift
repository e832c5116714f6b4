import Glibc
import NavClient
import NavProtocol
import Testing

/// Backpressure: a client that stops reading makes navhost stop reading workers, and the
/// workers and then navhost stop reading their input, so navhost's memory stays bounded;
/// when the client reads again, everything arrives, in order.
@Suite struct FlowControlTests {
    @Test func aClientThatStopsReadingKeepsTheHostBoundedAndLosesNothing() throws {
        let highWater = 64 << 10
        // The timeout is not under test: a loaded machine may take long to move 600 large answers.
        let host = try HostUnderTest([
            "--client-output-high-water", String(highWater), "--worker-input-high-water", String(highWater), "--request-timeout", "120",
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

    @Test func aWorkerThatStopsReadingMakesTheHostStopReadingTheClient() throws {
        let highWater = 64 << 10
        let host = try HostUnderTest(["--worker-input-high-water", String(highWater), "--ping-interval", "0", "--request-timeout", "60"])
        try host.initialize()
        let worker = try #require(host.workers().first)
        let pid = host.client.pid
        let baseline = try #require(ProcessTable.residentBytes(of: pid))
        kill(worker, SIGSTOP)
        let count = 800
        let text = String(repeating: "q", count: 5000)
        for index in 0..<count {
            host.client.send(["jsonrpc": "2.0", "id": .int(20_000 + index), "method": "screen/query", "params": ["text": .string(text + String(index))]])
        }
        // About 4 MB of requests for a worker that reads none of them, for a while.
        var peak = baseline
        host.client.pump(seconds: 2) {
            peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
            return false
        }
        peak = max(peak, ProcessTable.residentBytes(of: pid) ?? 0)
        kill(worker, SIGCONT)
        // Every request is answered: with its result, or -32800 when a later query superseded it.
        var unanswered = Set((0..<count).map { 20_000 + $0 })
        for _ in 0..<count {
            let reply = try host.client.nextReply(timeout: 60)
            #expect(unanswered.remove(reply["id"]?.intValue ?? -1) != nil)
            #expect(reply["result"] != nil || reply["error"]?["code"] == .int(RPCErrorCode.requestCancelled), "\(reply)")
        }
        // Half of what was sent: a host that kept every request it could not pass on would exceed it.
        #expect(peak - baseline < count * text.count / 2, "navhost grew by \(peak - baseline) bytes while a worker read nothing")
        print("flow control: \(count) queries (\(count * text.count) bytes) for a stopped worker; navhost RSS \(baseline) -> peak \(peak)")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
