import Glibc
import NavClient
import NavProtocol
import Testing

/// The soak (opt-in, about a minute or more: `scripts/soak`, or NAVSHELL_SOAK=1): 100,000 mixed
/// requests, pipelined in rounds, with pushes and pops and a worker killed every few thousand;
/// then navhost's RSS must be back near its start, with no leaked process or file descriptor.
@Suite(.enabled(if: getenv("NAVSHELL_SOAK") != nil, "set NAVSHELL_SOAK=1 to run the soak"))
struct SoakTests {
    static let totalRequests = Int(getenv("NAVSHELL_SOAK_REQUESTS").flatMap { Int(String(cString: $0)) } ?? 100_000)
    static let roundSize = 100
    static let killEvery = 3_000

    @Test func hundredThousandMixedRequests() throws {
        // The soak kills workers far faster than the restart intensity allows in real use.
        let host = try HostUnderTest(["--max-restarts", "100000"])
        try host.initialize()
        var depth = 1
        var sent = 0
        var failures = 0
        var kills = 0
        try runRound(host, requests: warmUp(), failures: &failures)
        let pid = host.client.pid
        let startRSS = try #require(ProcessTable.residentBytes(of: pid))
        let leaks = LeakCheck(host)
        var peakRSS = startRSS
        while sent < SoakTests.totalRequests {
            let round = sent / SoakTests.roundSize
            var requests = (0..<SoakTests.roundSize - 1).map { mixedRequest($0 + round) }
            // Every 5th round pushes, every 5th+2 pops: the stack breathes between 1 and 3.
            if round % 5 == 0, depth < 3 {
                requests.append(("nav/push", ["kind": "repositories", "params": ["login": "mojombo"]]))
                depth += 1
            } else if round % 5 == 2, depth > 1 {
                requests.append(("nav/pop", nil))
                depth -= 1
            } else {
                requests.append(("nav/stack", nil))
            }
            try runRound(host, requests: requests, failures: &failures)
            sent += requests.count
            if sent % SoakTests.killEvery < SoakTests.roundSize, let victim = host.workers().randomElement() {
                kill(victim, SIGKILL)
                kills += 1
            }
            peakRSS = max(peakRSS, ProcessTable.residentBytes(of: pid) ?? 0)
        }
        _ = try host.client.send(PopToRootRequest())
        _ = try host.client.waitIdle(timeout: 30)
        let endRSS = try #require(ProcessTable.residentBytes(of: pid))
        try leaks.expectNoLeak()
        print("soak: \(sent) requests, \(kills) workers killed, \(failures) requests failed by a kill; navhost RSS start \(startRSS), peak \(peakRSS), end \(endRSS) bytes; fds \(leaks.baselineDescriptors) -> \(ProcessTable.openFileDescriptors(of: pid))")
        #expect(endRSS < startRSS + 16 << 20, "navhost RSS grew from \(startRSS) to \(endRSS)")
        #expect(failures <= kills * SoakTests.roundSize)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    private func warmUp() -> [(String, JSONValue?)] {
        (0..<SoakTests.roundSize).map { mixedRequest($0) }
    }

    private func mixedRequest(_ index: Int) -> (String, JSONValue?) {
        switch index % 4 {
        case 0: return ("screen/rows", ["offset": .int(index % 7), "limit": 20])
        case 1: return ("screen/query", ["text": .string(["", "a", "mo", "chr"][index / 4 % 4])])
        case 2: return ("nav/stack", nil)
        default: return ("host/processes", nil)
        }
    }

    /// Sends a round pipelined, then takes every reply; failures only from a worker killed under them.
    private func runRound(_ host: HostUnderTest, requests: [(String, JSONValue?)], failures: inout Int) throws {
        var ids: [Int] = []
        for (offset, (method, params)) in requests.enumerated() {
            let id = 1_000_000 + offset
            var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
            if let params { message["params"] = params }
            host.client.send(.object(message))
            ids.append(id)
        }
        // Reads forwarded to a worker may be answered after later host-only requests: match by id.
        var unanswered = Set(ids)
        for _ in ids {
            let reply = try host.client.nextReply(timeout: 30)
            #expect(unanswered.remove(reply["id"]?.intValue ?? -1) != nil, "unexpected reply \(reply)")
            // A pipelined query supersedes the one before it (-32800): that is the protocol, not a failure.
            if let code = reply["error"]?["code"]?.intValue, code != RPCErrorCode.requestCancelled {
                #expect(code == RPCErrorCode.workerFailed, "\(reply)")
                failures += 1
            }
        }
        _ = host.client.drainNotifications()
    }
}
