import Testing
import NavProtocol

/// Classification rules beyond the spec's own examples.
@Suite struct RPCClassificationTests {
    private func single(_ text: String) -> RPCEntry? {
        guard case .single(let entry) = RPCPayload.parse(bytes(text)) else { return nil }
        return entry
    }

    @Test(arguments: ["1", "\"x\"", "null", "true"])
    func rejectsTopLevelScalars(_ text: String) {
        guard case .invalid(id: nil, let error)? = single(text) else {
            Issue.record("expected an invalid entry")
            return
        }
        #expect(error.code == RPCErrorCode.invalidRequest)
    }

    @Test func requiresTheVersionMember() {
        #expect(single(#"{"method": "m", "id": 1}"#) == .invalid(id: .number(1), error: .invalidRequest("the 'jsonrpc' member must be \"2.0\"")))
        #expect(single(#"{"jsonrpc": "1.0", "method": "m"}"#) == .invalid(id: nil, error: .invalidRequest("the 'jsonrpc' member must be \"2.0\"")))
        #expect(single(#"{"jsonrpc": 2.0, "method": "m", "id": "a"}"#) == .invalid(id: .string("a"), error: .invalidRequest("the 'jsonrpc' member must be \"2.0\"")))
    }

    @Test func requiresStructuredParams() {
        for params in ["\"bar\"", "1", "true"] {
            #expect(
                single(#"{"jsonrpc": "2.0", "method": "m", "params": \#(params), "id": 7}"#)
                    == .invalid(id: .number(7), error: .invalidRequest("params must be an object, an array or null")))
        }
        #expect(single(#"{"jsonrpc": "2.0", "method": "m", "params": []}"#) == .message(.notification(RPCNotification(method: "m", params: []))))
    }

    /// Real clients (Emacs's jsonrpc.el, pygls, jsonrpc-glib, Go's jsonrpc2) send `"params": null`
    /// for methods without params: it means no params, for requests and notifications alike.
    @Test func nullParamsAreAbsentParams() {
        #expect(single(#"{"jsonrpc": "2.0", "method": "shutdown", "params": null, "id": 7}"#) == .message(.request(RPCRequest(id: .number(7), method: "shutdown"))))
        #expect(single(#"{"jsonrpc": "2.0", "method": "exit", "params": null}"#) == .message(.notification(RPCNotification(method: "exit"))))
    }

    @Test(arguments: ["null", "1.5", "1.0", "true", "{}", "[]"])
    func rejectsUnusableRequestIDs(_ id: String) {
        #expect(
            single(#"{"jsonrpc": "2.0", "method": "m", "id": \#(id)}"#)
                == .invalid(id: nil, error: .invalidRequest("'id' must be a string or an integer")))
    }

    @Test func keepsReservedMethodNamesForTheDispatcher() {
        #expect(single(#"{"jsonrpc": "2.0", "method": "rpc.discover", "id": 1}"#) == .message(.request(RPCRequest(id: .number(1), method: "rpc.discover"))))
    }

    @Test func ignoresUnknownMembers() {
        #expect(single(#"{"jsonrpc": "2.0", "method": "m", "extra": 1}"#) == .message(.notification(RPCNotification(method: "m"))))
    }

    @Test func classifiesResponses() {
        #expect(single(#"{"jsonrpc": "2.0", "id": 5, "result": null}"#) == .message(.response(RPCResponse(id: .number(5), result: .success(nil)))))
        #expect(
            single(#"{"jsonrpc": "2.0", "id": "x", "error": {"code": -32012, "message": "gone", "data": {"screen": "s1"}}}"#)
                == .message(.response(RPCResponse(id: .string("x"), result: .failure(RPCError(code: -32012, message: "gone", data: ["screen": "s1"]))))))
    }

    @Test func rejectsMalformedResponses() {
        let exactlyOne = RPCError.invalidRequest("a response must have exactly one of 'result' and 'error'")
        #expect(single(#"{"jsonrpc": "2.0", "id": 1}"#) == .invalid(id: .number(1), error: exactlyOne))
        #expect(single(#"{"jsonrpc": "2.0", "id": 1, "result": 1, "error": {"code": 1, "message": "m"}}"#) == .invalid(id: .number(1), error: exactlyOne))
        #expect(single(#"{"jsonrpc": "2.0", "result": 1}"#) == .invalid(id: nil, error: .invalidRequest("missing 'method'")))
        #expect(single(#"{"jsonrpc": "2.0", "id": true, "result": 1}"#) == .invalid(id: nil, error: .invalidRequest("'id' must be a string, an integer or null")))
        let badError = RPCError.invalidRequest("'error' must be an object with an integer 'code' and a string 'message'")
        #expect(single(#"{"jsonrpc": "2.0", "id": 2, "error": {"code": "x", "message": "m"}}"#) == .invalid(id: .number(2), error: badError))
        #expect(single(#"{"jsonrpc": "2.0", "id": 2, "error": {"code": 1}}"#) == .invalid(id: .number(2), error: badError))
        #expect(single(#"{"jsonrpc": "2.0", "id": 2, "error": "boom"}"#) == .invalid(id: .number(2), error: badError))
    }

    @Test func invalidEntriesCarryTheirIDIntoTheReply() {
        let entry = single(#"{"jsonrpc": "2.0", "method": 5, "id": "req-9"}"#)
        #expect(entry?.errorResponse == RPCResponse(id: .string("req-9"), result: .failure(.invalidRequest("'method' must be a string"))))
        #expect(single(#"{"jsonrpc": "2.0", "method": "m", "id": 1}"#)?.errorResponse == nil)
    }

    @Test func parsesFromARawBuffer() {
        let input = bytes(#"{"jsonrpc":"2.0","method":"m"}"#)
        #expect(input.withUnsafeBytes { RPCPayload.parse($0) } == .single(.message(.notification(RPCNotification(method: "m")))))
    }
}
