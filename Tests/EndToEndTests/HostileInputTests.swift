import NavClient
import NavProtocol
import Testing

/// What a hostile or buggy client sends, over real pipes to the real navhost: each is answered
/// with an error the client can see (or is harmless), and the session goes on.
@Suite struct HostileInputTests {
    private static let stack = #"{"jsonrpc":"2.0","id":"after","method":"nav/stack"}"#

    private func contentLengthHost() throws -> HostUnderTest {
        let host = try HostUnderTest(framing: .contentLength)
        try host.initialize()
        return host
    }

    /// The next replies, which must be framing errors (`id: null`) with these codes, then the
    /// answer to `Self.stack`.
    private func expectErrors(_ codes: [Int], thenTheStack host: HostUnderTest, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for code in codes {
            let reply = try host.client.nextReply()
            #expect(reply["id"] == .null, "\(reply)", sourceLocation: sourceLocation)
            #expect(reply["error"]?["code"] == .int(code), "\(reply)", sourceLocation: sourceLocation)
        }
        let answer = try host.client.nextReply()
        #expect(answer["id"] == "after", "\(answer)", sourceLocation: sourceLocation)
        #expect(answer["result"]?["stack"]?.arrayValue?.count == 1, sourceLocation: sourceLocation)
    }

    private func finish(_ host: HostUnderTest, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try host.shutdown().exitCode == 0, sourceLocation: sourceLocation)
        host.expectNoWorkerLeft(sourceLocation: sourceLocation)
    }

    @Test func aLengthCountedInCharactersLosesOnlyItsOwnMessage() throws {
        let host = try contentLengthHost()
        let body = #"{"jsonrpc":"2.0","id":1,"method":"screen/query","params":{"text":"é"}}"#
        host.client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n\(body)".utf8) + Framing.contentLength.frame(Array(Self.stack.utf8)))
        // The truncated body is not JSON; the byte left over is not a header; the next message is read.
        try expectErrors([RPCErrorCode.parseError, RPCErrorCode.parseError], thenTheStack: host)
        try finish(host)
    }

    /// Sends `input` alone to a Content-Length session: it must be refused at once (no more
    /// input needed) with `id: null`, `code` and a message containing `reason`; then the next
    /// well-formed message is answered.
    private func expectRefusedAtOnce(
        _ input: String, code: Int = RPCErrorCode.parseError, reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let host = try contentLengthHost()
        host.client.sendRaw(Array(input.utf8))
        let refusal = try host.client.nextReply()
        #expect(refusal["id"] == .null, sourceLocation: sourceLocation)
        #expect(refusal["error"]?["code"] == .int(code), sourceLocation: sourceLocation)
        #expect(refusal["error"]?["message"]?.stringValue?.contains(reason) == true, "\(refusal)", sourceLocation: sourceLocation)
        host.client.sendRaw(Framing.contentLength.frame(Array(Self.stack.utf8)))
        try expectErrors([], thenTheStack: host, sourceLocation: sourceLocation)
        try finish(host, sourceLocation: sourceLocation)
    }

    @Test func anAbsurdContentLengthIsRefusedAtOnceAndTheSessionGoesOn() throws {
        try expectRefusedAtOnce(
            "Content-Length: 999999999999999999\r\n\r\n{}", code: RPCErrorCode.messageTooLarge, reason: "message of 999999999999999999 bytes")
    }

    @Test func aBodyWithoutTheBlankLineIsAnsweredWithoutWaitingForMoreInput() throws {
        try expectRefusedAtOnce("Content-Length: \(Self.stack.utf8.count)\r\n\(Self.stack)", reason: "must end with a blank line")
    }

    @Test func aNewlineDelimitedMessageAfterContentLengthFramingIsAnswered() throws {
        try expectRefusedAtOnce(Self.stack + "\n", reason: "without a Content-Length header")
    }

    @Test func aByteOrderMarkBeforeTheFirstMessageIsSkipped() throws {
        let host = try HostUnderTest()
        let initialize = #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{}}"#
        host.client.sendRaw([0xEF, 0xBB, 0xBF] + Array((initialize + "\n").utf8))
        let answer = try host.client.nextReply()
        #expect(answer["id"] == "init")
        #expect(answer["result"]?["capabilities"] != nil)
        host.client.sendRaw(Array((Self.stack + "\n").utf8))
        try expectErrors([], thenTheStack: host)
        try finish(host)
    }

    /// The host refuses an offset past its range before any arithmetic (HostLimitsTests), and
    /// the worker, driven directly, reads nothing there (below): either way the worker lives.
    @Test func anOffsetOfIntMaxIsRefusedAndTheWorkerLives() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "to"))
        let worker = host.workers()
        for _ in 0..<4 {
            let error = host.expectError(RowsRequest.method, ["section": "users", "offset": .int(Int.max), "limit": 1])
            #expect(error?.code == RPCErrorCode.invalidParams)
        }
        #expect(host.workers() == worker, "the worker was not restarted")
        #expect(try host.rows().rows.first?.section == "users")
        try finish(host)
    }

    @Test(arguments: ["\u{0}zzzz", "\u{0}x", "to\u{0}"])
    func aNulInAQueryIsACharacterLikeAnyOther(text: String) throws {
        let host = try HostUnderTest()
        try host.initialize()
        let answer = try host.client.send(QueryRequest(text: text))
        #expect(answer.sections.map(\.count) == [0], "no user's login or name contains a NUL")
        #expect(try host.rows().rows.allSatisfy { $0.section != "users" })
        try finish(host)
    }

    @Test func aCancelledDebouncedQueryNeverTakesEffect() throws {
        let host = try HostUnderTest(["--query-debounce", "1000", "--enable-debug-methods"])
        try host.initialize()
        host.client.send(["jsonrpc": "2.0", "id": "query", "method": .string(QueryRequest.method), "params": ["text": "tom"]])
        host.client.notify("$/cancelRequest", ["id": "query"])
        let cancelled = try host.client.nextReply()
        #expect(cancelled["id"] == "query")
        #expect(cancelled["error"]?["code"] == .int(RPCErrorCode.requestCancelled))
        // The worker takes the next read only after 1.5 s, past the query's 1 s debounce: timers
        // fire in order, so a query still pending would have landed before the read is answered.
        _ = try host.client.request(DebugDelayRequest.method, ["ms": 1500])
        let rows = try host.rows()
        #expect(rows.sections.map(\.id) == ["popular"], "the cancelled query was not applied")
        #expect(rows.revision == 1)
        #expect(try host.stack().first?.token?.query == "")
        try finish(host)
    }

    /// External workers will exist, so a worker checks the numbers itself whoever drives it.
    @Test func aWorkerDrivenDirectlyKeepsItsWindowsWithinTheLimit() throws {
        let worker = try NavClient(executable: Binaries.directory + "/screen-worker")
        // A token's numbers are range-checked as the host checks a client's.
        let window: JSONValue = ["offset": 0, "limit": .int(Int.max)]
        do {
            _ = try worker.request(WorkerOpenRequest.method, ["screen": "w1", "kind": "users", "token": ["query": "", "window": window]])
            Issue.record("a token with a window of Int.max rows was taken")
        } catch let error as NavClientError {
            #expect(error.rpcError?.message.contains("token.window.limit") == true)
        }
        let opened = try worker.request(WorkerOpenRequest.method, ["screen": "w1", "kind": "users", "token": ["query": "", "window": ["offset": 0, "limit": 1000]]])
        #expect(opened["revision"] == 1)
        do {
            _ = try worker.request(WorkerRowsRequest.method, ["offset": 0, "limit": .int(Int.max)])
            Issue.record("a window of Int.max rows was read")
        } catch let error as NavClientError {
            #expect(error.rpcError?.code == RPCErrorCode.invalidParams)
            #expect(error.rpcError?.message.contains("limit") == true)
        }
        // navhost passes a client's screen/rows params on as they arrived: the worker refuses
        // an offset out of range in navhost's words, and reads nothing past its list's end.
        do {
            _ = try worker.request(WorkerRowsRequest.method, ["offset": .int(Int.max), "limit": 1000])
            Issue.record("an offset of Int.max was taken")
        } catch let error as NavClientError {
            #expect(error.rpcError?.message == "invalid params: field 'offset' must be between 0 and \(RestorationToken.maxOffset)")
        }
        let beyond = try worker.request(WorkerRowsRequest.method, ["offset": .int(RestorationToken.maxOffset), "limit": 1000])
        #expect(beyond["rows"]?.arrayValue?.isEmpty == true)
        _ = try worker.request(ShutdownRequest.method)
        worker.notify(ExitNotification.method)
        #expect(try worker.waitForExit().exitCode == 0)
    }
}
