import Glibc
import NavClient
import NavProtocol
import Testing

/// The numbers and sizes a client controls are bounded, and what is past a bound gets an error
/// that names it; the session goes on.
@Suite struct HostLimitsTests {
    /// A kB field of /proc/PID/status (VmRSS, VmHWM) in bytes.
    private func status(_ field: String, of pid: Int32) -> Int {
        let line = procText("/proc/\(pid)/status").split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }

    /// A query is at most 256 characters, as GitHub's search: a longer one is refused at once
    /// (a 9 MB one used to make the worker's answer exceed the pipe's limit and time out).
    @Test func aQueryLongerThanTheLimitIsRefusedNamingIt() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let error = host.expectError(QueryRequest.method, ["text": .string(String(repeating: "a", count: 9_000_000))])
        #expect(error?.code == RPCErrorCode.invalidParams)
        #expect(error?.data?["limit"] == .int(QueryRequest.maxTextLength))
        #expect(error?.message.contains("256") == true)
        let longest = try host.client.send(QueryRequest(text: String(repeating: "é", count: QueryRequest.maxTextLength)))
        #expect(longest.revision > 0)
        #expect(try host.shutdown().exitCode == 0)
    }

    /// A batch past --max-batch is refused whole; any message, however it is made, costs
    /// navhost a bounded amount of memory, which it hands back afterwards.
    @Test func batchesAndHugeMessagesStayWithinAMemoryBudget() throws {
        let host = try HostUnderTest(["--max-batch", "100"])
        try host.initialize()
        let pid = host.client.pid
        let batch = { (count: Int) -> JSONValue in .array((0..<count).map { ["jsonrpc": "2.0", "id": .int($0), "method": "nav/stack"] }) }
        host.client.send(batch(101))
        let refused = try host.client.nextReply()
        #expect(refused["error"]?["code"] == .int(RPCErrorCode.invalidRequest))
        #expect(refused["error"]?["message"]?.stringValue?.contains("limit of 100") == true)
        host.client.send(batch(100))
        #expect(try host.client.nextReply().arrayValue?.count == 100)

        _ = try host.client.waitIdle()
        let idle = status("VmRSS", of: pid)
        // 16 MB of tiny requests in one batch, and 16 MB of numbers in one request's params.
        let tiny = Array(#"{"jsonrpc":"2.0","id":1,"method":"nav/stack"}"#.utf8)
        var huge: [UInt8] = [UInt8(ascii: "[")]
        while huge.count < 16_000_000 { huge += tiny + [UInt8(ascii: ",")] }
        huge[huge.count - 1] = UInt8(ascii: "]")
        host.client.sendRaw(huge + [10])
        #expect(try host.client.nextReply()["error"] != nil)
        host.client.sendRaw(Array(#"{"jsonrpc":"2.0","id":2,"method":"nav/stack","params":{"x":["#.utf8) + Array(repeating: "0,".utf8, count: 7_900_000).flatMap { $0 } + Array("0]}}\n".utf8))
        #expect(try host.client.nextReply()["error"]?["code"] == .int(RPCErrorCode.parseError))
        let peak = status("VmHWM", of: pid)
        #expect(peak - idle < 64 << 20, "navhost's peak RSS was \(peak - idle) bytes over idle")
        _ = try host.stack()
        #expect(status("VmRSS", of: pid) - idle < 16 << 20, "navhost kept \(status("VmRSS", of: pid) - idle) bytes after the burst")
        #expect(try host.shutdown().exitCode == 0)
    }

    /// A batch whose answer is full runs nothing more: what a batch costs is bounded by the
    /// message limit (10,000 `nav/stack` of a 1,000-deep stack used to keep navhost busy for
    /// minutes, writing answers it then dropped). Entries past the cut are answered "not run",
    /// and a `nav/push` among them leaves the stack as it was.
    @Test func aFullBatchRunsNothingMore() throws {
        let limit = 16_384
        let host = try HostUnderTest(["--max-message-bytes", String(limit)])
        try host.initialize()
        let entries: [JSONValue] = (0..<200).map { ["jsonrpc": "2.0", "id": .int($0), "method": "nav/stack"] }
        host.client.send(.array(entries + [["jsonrpc": "2.0", "id": 200, "method": "nav/push", "params": ["kind": "users"]]]))
        let answers = try host.client.nextReply().arrayValue ?? []
        #expect(answers.count == 201)
        let byID = Dictionary(answers.map { ($0["id"]?.intValue ?? -1, $0) }, uniquingKeysWith: { first, _ in first })
        let results = (0..<201).filter { byID[$0]?["result"] != nil }
        #expect(!results.isEmpty && results == Array(0..<results.count), "the first entries are answered, in order")
        #expect(results.count < 200, "the batch filled before its end")
        let cut = results.count
        #expect(byID[cut]?["error"]?["data"] == ["limit": .int(limit), "ran": true])
        for id in (cut + 1)...200 {
            #expect(byID[id]?["error"]?["code"] == .int(RPCErrorCode.messageTooLarge) && byID[id]?["error"]?["data"]?["ran"] == false, "entry \(id)")
        }
        #expect(try host.stack().count == 1, "the push past the cut did not run")
        #expect(try host.shutdown().exitCode == 0)
    }

    /// `nav/setStack` opens only the screens that will be awake; the deeper ones are created
    /// hibernating and wake when read.
    @Test func aDeepSavedStackStartsOnlyTheAwakeScreens() throws {
        // Without the warm spare, which starts once the client pauses and would be counted too
        // when the count comes later than that (a loaded machine).
        let host = try HostUnderTest(["--awake-screens", "3", "--no-warm-spare"])
        try host.initialize()
        let saved = (0..<300).map { _ in SavedScreen(kind: "users", token: RestorationToken(query: "mo")) }
        let restored = try host.client.send(SetStackRequest(screens: saved), timeout: 60)
        #expect(restored.stack.count == 300)
        // Counted at once: a host that opened every screen and hibernated them afterwards would
        // still have hundreds of workers ending now. The replaced root's worker may still be
        // ending (its shutdown and exit take a moment): 3 awake screens and at most that one.
        #expect(host.workers().count <= 4, "\(host.workers().count) workers for 3 awake screens")
        let deep = restored.stack[10]
        let rows = try host.client.send(RowsRequest(screen: deep.id, limit: 5))
        #expect(!rows.rows.isEmpty, "a hibernating screen wakes from its token to answer")
        #expect(try host.client.send(StackRequest()).stack[10].title == "Users", "it takes its title from its worker")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aStackPastTheDepthLimitIsRefused() throws {
        let host = try HostUnderTest(["--max-stack-depth", "20"])
        try host.initialize()
        let error = host.expectError(SetStackRequest.method, ["screens": .array(Array(repeating: ["kind": "users"], count: 21))])
        #expect(error?.code == RPCErrorCode.invalidNavigation)
        #expect(error?.data?["limit"] == 20)
        #expect(try host.stack().count == 1, "the stack is unchanged")
        for _ in 1..<20 { _ = try host.client.send(PushRequest(kind: "users")) }
        #expect(host.expectError(PushRequest.method, ["kind": "users"])?.data?["limit"] == 20)
        #expect(try host.stack().count == 20)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// Numbers from a message are range-checked before any arithmetic: a token's revision near
    /// Int.max used to kill navhost itself; an offset near Int.max its worker.
    @Test func numbersFromTheClientAreRangeChecked() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let tooLarge = host.expectError(SetStackRequest.method, ["screens": [["kind": "users", "token": ["query": "", "revision": .int(Int.max - 1)]]]])
        #expect(tooLarge?.code == RPCErrorCode.invalidParams)
        #expect(tooLarge?.message.contains("screens[0].token.revision") == true)
        let largest = RestorationToken(query: "", revision: RestorationToken.maxRevision)
        _ = try host.client.send(SetStackRequest(screens: [SavedScreen(kind: "users", token: largest)]))
        let queried = try host.client.send(QueryRequest(text: "mo"))
        #expect(queried.revision > RestorationToken.maxRevision)

        #expect(host.expectError(RowsRequest.method, ["offset": .int(Int.max), "limit": 1, "section": "users"])?.code == RPCErrorCode.invalidParams)
        #expect(host.expectError(RowsRequest.method, ["offset": 0, "limit": 1, "revision": .int(Int.max)])?.code == RPCErrorCode.invalidParams)
        #expect(host.expectError(RenderRequest.method, ["width": .int(Int.max)])?.code == RPCErrorCode.invalidParams)
        #expect(try host.rows(limit: 1).rows.count == 1, "the screen's worker is still there")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
