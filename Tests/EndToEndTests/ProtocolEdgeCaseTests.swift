import NavClient
import NavProtocol
import Testing

/// The JSON-RPC 2.0 spec's edge cases, sent to the real navhost as raw bytes.
@Suite struct ProtocolEdgeCaseTests {
    private func initializedHost(_ arguments: [String] = []) throws -> HostUnderTest {
        let host = try HostUnderTest(arguments)
        try host.initialize()
        return host
    }

    private func raw(_ host: HostUnderTest, _ text: String) throws -> JSONValue {
        host.client.sendRaw(Array((text + "\n").utf8))
        return try host.client.nextReply()
    }

    @Test func invalidJSONIsAParseErrorWithNullId() throws {
        let host = try initializedHost()
        let reply = try raw(host, #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == .int(-32700))
        // The connection goes on.
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
    }

    /// A junk line before a newline client's first message is answered as not JSON, and the
    /// session goes on in newline framing (it used to be taken for the start of a Content-Length
    /// header, and every later message was swallowed without an answer).
    @Test func aJunkFirstLineIsAnsweredAndTheSessionGoesOn() throws {
        let host = try HostUnderTest()
        let reply = try raw(host, "hello navhost")
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.parseError))
        try host.initialize()
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func emptyArrayIsOneInvalidRequest() throws {
        let host = try initializedHost()
        let reply = try raw(host, "[]")
        #expect(reply.arrayValue == nil)
        #expect(reply["error"]?["code"] == .int(-32600))
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func batchOfNonObjectsIsAnArrayOfErrors() throws {
        let host = try initializedHost()
        let reply = try raw(host, "[1,2,3]")
        let errors = try #require(reply.arrayValue)
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0["error"]?["code"] == .int(-32600) && $0["id"] == .null })
        let single = try raw(host, "[1]")
        #expect(single.arrayValue?.count == 1)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func mixedBatchAnswersEveryRequestAndNoNotification() throws {
        let host = try initializedHost()
        let batch = """
            [{"jsonrpc":"2.0","method":"nav/stack","id":"1"},{"jsonrpc":"2.0","method":"notify_hello","params":[7]},\
            {"jsonrpc":"2.0","method":"nav/nope","id":"2"},{"foo":"boo"},{"jsonrpc":"2.0","method":"screen/rows","params":{"limit":"x"},"id":"5"}]
            """
        let replies = try #require(try raw(host, batch).arrayValue)
        #expect(replies.count == 4)
        #expect(replies.first { $0["id"] == "1" }?["result"]?["stack"] != nil)
        #expect(replies.first { $0["id"] == "2" }?["error"]?["code"] == .int(-32601))
        #expect(replies.first { $0["id"] == .null }?["error"]?["code"] == .int(-32600))
        let badParams = replies.first { $0["id"] == "5" }?["error"]
        #expect(badParams?["code"] == .int(-32602))
        #expect(badParams?["message"]?.stringValue?.contains("limit") == true)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func batchOfOnlyNotificationsGetsNothingBack() throws {
        let host = try initializedHost()
        host.client.sendRaw(Array(#"[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","method":"b"}]"#.utf8) + [10])
        // The next reply the client sees is the answer to the request sent after the batch.
        #expect(try host.client.request(StackRequest.method)["stack"] != nil)
        // Replies come in order on one stream: one for the batch would have come before that one.
        #expect((try? host.client.nextReply(timeout: 0)) == nil)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func unknownMethodsBadParamsAndUnknownKinds() throws {
        let host = try initializedHost()
        let unknown = host.expectError("nav/teleport")
        #expect(unknown?.code == RPCErrorCode.methodNotFound)
        #expect(unknown?.message.contains("nav/teleport") == true)
        let missing = host.expectError(PushRequest.method, ["params": [:]])
        #expect(missing?.code == RPCErrorCode.invalidParams)
        #expect(missing?.message.contains("kind") == true)
        let kind = host.expectError(PushRequest.method, ["kind": "/bin/sh"])
        #expect(kind?.code == RPCErrorCode.invalidParams)
        #expect(kind?.message.contains("unknown screen kind '/bin/sh'") == true)
        let wrongType = host.expectError(QueryRequest.method, ["text": 5])
        #expect(wrongType?.code == RPCErrorCode.invalidParams)
        #expect(wrongType?.message.contains("text") == true)
        let positional = host.expectError(QueryRequest.method, ["x"])
        #expect(positional?.code == RPCErrorCode.invalidParams)
        let badPush = host.expectError(PushRequest.method, ["kind": "repositories", "params": ["login": 42]])
        #expect(badPush?.code == RPCErrorCode.invalidParams)
        #expect(badPush?.message.contains("login") == true)
        let noSuchUser = host.expectError(PushRequest.method, ["kind": "repositories", "params": ["login": "no-such-user-here"]])
        #expect(noSuchUser?.message.contains("no-such-user-here") == true)
        let noScreen = host.expectError(RowsRequest.method, ["screen": "s99"])
        #expect(noScreen?.code == RPCErrorCode.screenNotFound)
        #expect(try host.stack().count == 1, "failed pushes leave the stack as it was")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func oversizedMessageIsRefusedAndTheConnectionResynchronises() throws {
        let host = try initializedHost(["--max-message-bytes", "4096"])
        let big = #"{"jsonrpc":"2.0","id":9,"method":"screen/query","params":{"text":""# + String(repeating: "a", count: 10_000) + "\"}}"
        let reply = try raw(host, big)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.messageTooLarge))
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func contentLengthOversizedBodyIsSkippedExactly() throws {
        let host = try HostUnderTest(["--max-message-bytes", "4096"], framing: .contentLength)
        try host.initialize()
        let body = #"{"jsonrpc":"2.0","id":9,"method":"x","params":[""# + String(repeating: "b", count: 20_000) + "\"]}"
        host.client.sendRaw(Framing.contentLength.frame(Array(body.utf8)))
        let reply = try host.client.nextReply()
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.messageTooLarge))
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
    }
}
