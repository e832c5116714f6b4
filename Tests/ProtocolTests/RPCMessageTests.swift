import Testing
import NavProtocol

@Suite struct RPCMessageTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func serializesRequestsWithAndWithoutParams() {
        #expect(text(RPCMessage.request(RPCRequest(id: .number(1), method: "nav/push", params: ["kind": "users"])).serialized())
            == #"{"id":1,"jsonrpc":"2.0","method":"nav/push","params":{"kind":"users"}}"#)
        #expect(text(RPCRequest(id: .string("a"), method: "nav/pop").serialized()) == #"{"id":"a","jsonrpc":"2.0","method":"nav/pop"}"#)
    }

    @Test func serializesNotifications() {
        #expect(text(RPCMessage.notification(RPCNotification(method: "exit")).serialized()) == #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(text(RPCNotification(method: "log", params: ["a"]).serialized()) == #"{"jsonrpc":"2.0","method":"log","params":["a"]}"#)
    }

    @Test func serializesResponses() {
        #expect(text(RPCMessage.response(RPCResponse(id: .number(3), result: .success(nil))).serialized()) == #"{"id":3,"jsonrpc":"2.0","result":null}"#)
        let failure = RPCResponse(id: nil, result: .failure(RPCError(code: -32010, message: "worker died", data: ["exit": 9])))
        #expect(text(failure.serialized()) == #"{"error":{"code":-32010,"data":{"exit":9},"message":"worker died"},"id":null,"jsonrpc":"2.0"}"#)
    }

    @Test func aFailedActionGivesItsInputBackAndOtherErrorsNone() {
        let failed = RPCError.actionFailed("no", reason: .validation, action: "comment", input: ["body": "   "])
        #expect(failed.inputGivenBack == ["body": "   "])
        #expect(RPCError.actionFailed("no", reason: .failed, action: "star", input: nil).inputGivenBack == nil)
        #expect(RPCError.invalidParams("no", data: ["input": ["body": "x"]]).inputGivenBack == nil)
    }

    @Test func everyMessageSurvivesARoundTrip() {
        let messages: [RPCMessage] = [
            .request(RPCRequest(id: .number(-5), method: "a", params: [1, "x"])),
            .request(RPCRequest(id: .string("é😀"), method: "b")),
            .notification(RPCNotification(method: "c", params: ["k": nil])),
            .response(RPCResponse(id: .number(1), result: .success(["rows": []]))),
            .response(RPCResponse(id: nil, result: .failure(.parseError("bad")))),
            .response(RPCResponse(id: .string("z"), result: .failure(RPCError(code: 1, message: "m", data: nil)))),
            .response(RPCResponse(id: .string("z"), result: .failure(RPCError(code: 1, message: "m", data: .null)))),
        ]
        for message in messages {
            #expect(RPCPayload.parse(message.serialized()) == .single(.message(message)))
        }
    }

    @Test func serializesBatchReplies() {
        let replies = [
            RPCResponse(id: .number(1), result: .success(7)),
            RPCResponse(id: nil, result: .failure(.invalidRequest("nope"))),
        ]
        #expect(text(BatchReply.serialize(replies))
            == #"[{"id":1,"jsonrpc":"2.0","result":7},{"error":{"code":-32600,"message":"nope"},"id":null,"jsonrpc":"2.0"}]"#)
        #expect(BatchReply.serialize(replies[0]) == replies[0].serialized())
    }

    @Test func requestIDsDescribeThemselvesUnambiguously() {
        #expect(RequestID.number(1).description == "1")
        #expect(RequestID.string("1").description == "\"1\"")
        #expect(RequestID.number(1).json == 1)
        #expect(RequestID.string("a").json == "a")
        #expect(RequestID(json: 1.5) == nil)
    }

    @Test func errorFactoriesUseTheirCodes() {
        #expect(RPCError.methodNotFound("nav/foo") == RPCError(code: -32601, message: "unknown method 'nav/foo'"))
        #expect(RPCError.parseError("p").code == -32700)
        #expect(RPCError.invalidRequest("r").code == -32600)
        #expect(RPCError.invalidParams("x") == RPCError(code: -32602, message: "x"))
        #expect(RPCError.internalError("i").code == -32603)
        #expect(RPCError.serverNotInitialized() == RPCError(code: -32002, message: "server not initialized"))
        #expect(RPCError.requestCancelled() == RPCError(code: -32800, message: "request cancelled"))
        #expect(RPCError.messageTooLarge(byteCount: 20, limit: 10).code == -32001)
        #expect(RPCError.workerFailed("w").code == -32010)
        #expect(RPCError.requestTimedOut("t").code == -32011)
        #expect(RPCError.screenNotFound("s1") == RPCError(code: -32012, message: "no screen with id 's1'"))
        #expect(RPCError.invalidNavigation("n").code == -32013)
        #expect(RPCError.invalidParams("bad").description == "error -32602: bad")
    }

    @Test func errorsConvertToAndFromJSON() {
        let error = RPCError(code: -32011, message: "slow", data: ["ms": 5000])
        #expect(error.json == ["code": -32011, "message": "slow", "data": ["ms": 5000]])
        #expect(RPCError(code: 1, message: "m").json == ["code": 1, "message": "m"])
        #expect(RPCError(json: error.json) == error)
        #expect(RPCError(json: ["code": 1.5, "message": "m"]) == nil)
        #expect(RPCError(json: ["code": 1]) == nil)
        #expect(RPCError(json: "error") == nil)
    }
}

@Suite struct RPCEnvelopeWriterTests {
    /// The direct envelope writers print exactly what serializing the JSON tree prints.
    @Test(arguments: [
        RPCMessage.request(RPCRequest(id: .number(7), method: "screen/rows", params: ["limit": 1, "a": [true, nil]])),
        .request(RPCRequest(id: .string("x\"y"), method: "é/ünïcode", params: nil)),
        .notification(RPCNotification(method: "nav/didChange", params: ["stack": [], "reason": "push"])),
        .notification(RPCNotification(method: "exit", params: nil)),
        .response(RPCResponse(id: .number(1), result: .success(["rows": [["id": "a"]], "revision": 3]))),
        .response(RPCResponse(id: nil, result: .failure(RPCError(code: -32700, message: "parse error: \n", data: ["at": 3])))),
        .response(RPCResponse(id: .string("s"), result: .success(.null))),
    ])
    func directWritersMatchTheTree(message: RPCMessage) {
        #expect(message.serialized() == message.json.serialized())
    }
}
