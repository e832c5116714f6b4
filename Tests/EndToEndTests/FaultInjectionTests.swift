import Glibc
import NavClient
import NavProtocol
import Testing

/// Workers that die, hang or send garbage mid-session: the host answers, restarts the screen,
/// and leaks no process or file descriptor.
@Suite struct FaultInjectionTests {
    private func debugHost(_ extra: [String] = []) throws -> (HostUnderTest, LeakCheck) {
        let host = try HostUnderTest(["--enable-debug-methods"] + extra)
        try host.initialize()
        _ = try host.rows()
        return (host, LeakCheck(host))
    }

    @Test func killNineMidRequestFailsThePendingRequestAtOnce() throws {
        let (host, leaks) = try debugHost()
        let worker = try #require(host.workers().first)
        _ = try host.client.request(DebugDelayRequest.method, ["ms": 5000])
        host.client.send(["jsonrpc": "2.0", "id": 900, "method": "screen/rows", "params": [:]])
        // Requests run in order and a read is forwarded before the next one runs: once nav/stack
        // is answered, the read is with the worker (held there by the delay) when it dies.
        _ = try host.stack()
        kill(worker, SIGKILL)
        let reply = try host.client.nextReply(timeout: 2)
        #expect(reply["id"] == 900)
        let message = reply["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains("s1") && message.contains("SIGKILL"), "\(message)")
        #expect(try host.client.nextNotification(DidCrashNotification.self).restarting)
        #expect(try host.rows().sections.isEmpty == false)
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test(arguments: [DebugMisbehaveRequest.Output.invalidJSON, .hugeLine])
    func aWorkerSendingGarbageIsReset(output: DebugMisbehaveRequest.Output) throws {
        let (host, leaks) = try debugHost()
        let rssBefore = try #require(ProcessTable.residentBytes(of: host.client.pid))
        host.client.send(["jsonrpc": "2.0", "id": 901, "method": "debug/misbehave", "params": ["output": .string(output.rawValue)]])
        let crashed = try host.client.nextNotification(DidCrashNotification.self, timeout: 30)
        #expect(crashed.status.contains("malformed message"), "\(crashed.status)")
        #expect(crashed.restarting)
        #expect(host.client.stderrText.contains("[s1 users] sent a malformed message"))
        try expectStillServingWithinMemory(host, leaks, rssBefore: rssBefore)
    }

    @Test func aWorkerFloodingItsStderrIsReset() throws {
        let (host, leaks) = try debugHost()
        let rssBefore = try #require(ProcessTable.residentBytes(of: host.client.pid))
        host.client.send(["jsonrpc": "2.0", "id": 903, "method": "debug/misbehave", "params": ["output": "stderrFlood"]])
        let crashed = try host.client.nextNotification(DidCrashNotification.self, timeout: 30)
        #expect(crashed.status.contains("flooded its stderr"), "\(crashed.status)")
        try expectStillServingWithinMemory(host, leaks, rssBefore: rssBefore)
    }

    private func expectStillServingWithinMemory(_ host: HostUnderTest, _ leaks: LeakCheck, rssBefore: Int) throws {
        #expect(try host.rows().sections.isEmpty == false)
        // A 100 MiB line or a flood is skipped as it streams by, never held.
        let rssAfter = try #require(ProcessTable.residentBytes(of: host.client.pid))
        #expect(rssAfter < rssBefore + 32 << 20, "navhost grew from \(rssBefore) to \(rssAfter) bytes")
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func stdinClosedMidRequestStillAnswersThenEnds() throws {
        let (host, _) = try debugHost()
        host.noteWorkers()
        _ = try host.client.request(DebugDelayRequest.method, ["ms": 300])
        host.client.send(["jsonrpc": "2.0", "id": 902, "method": "screen/rows", "params": ["limit": 1]])
        host.client.closeInput()
        let reply = try host.client.nextReply()
        #expect(reply["id"] == 902 && reply["result"]?["rows"] != nil)
        #expect(try host.client.waitForExit().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func randomBytesAndEveryErrorCaseLeaveTheHostAnswering() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let leaks = LeakCheck(host)
        var generator = SeededBytes(seed: 5)
        for _ in 0..<64 {
            var line = generator.bytes(count: 1024).filter { $0 != UInt8(ascii: "\n") }
            line.append(UInt8(ascii: "\n"))
            host.client.sendRaw(line)
        }
        for raw in ["{", "[]", "[1,2,3]", "{\"jsonrpc\":\"2.0\"}", "{\"jsonrpc\":\"1.0\",\"id\":\"raw-1\",\"method\":\"nav/stack\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"nav/stack\"}", "{\"jsonrpc\":\"2.0\",\"id\":\"raw-2\",\"method\":7}"] {
            host.client.sendRaw(Array((raw + "\n").utf8))
        }
        // Every line got an error reply; then a good request is answered as usual.
        var errors = 0
        while errors < 64 + 7 {
            let reply = try host.client.nextReply()
            errors += reply.arrayValue?.count ?? 1
        }
        #expect(try host.stack().count == 1)
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}

/// Deterministic bytes for fuzz-like inputs (SplitMix64).
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}

@Suite struct HostDeathTests {
    /// A stopped worker would sit on a SIGTERM forever; the parent-death signal is SIGKILL.
    @Test func aStoppedWorkerDiesWithAHostKilledOutright() throws {
        let host = try HostUnderTest(["--enable-debug-methods"])
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let workers = host.workers()
        #expect(workers.count == 2)
        for worker in workers { kill(worker, SIGSTOP) }
        host.client.signal(SIGKILL)
        #expect(try host.client.waitForExit().signal == SIGKILL)
        let gone = host.client.pump(seconds: 10) { workers.allSatisfy { !ProcessTable.isAlive($0) } }
        #expect(gone, "stopped workers outlived a SIGKILLed host: \(workers.filter(ProcessTable.isAlive))")
        for worker in workers where ProcessTable.isAlive(worker) { kill(worker, SIGKILL) }
    }
}
