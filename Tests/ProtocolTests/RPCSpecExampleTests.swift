import Testing
import NavProtocol

/// Every example of JSON-RPC 2.0 section 7, classified as the host will see it. Replies are
/// checked in the form the spec shows, modulo key order (ours are sorted).
@Suite struct RPCSpecExampleTests {
    private func parse(_ text: String) -> RPCPayload { RPCPayload.parse(bytes(text)) }

    @Test func callWithPositionalParameters() {
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#)
                == .single(.message(.request(RPCRequest(id: .number(1), method: "subtract", params: [42, 23])))))
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#)
                == .single(.message(.request(RPCRequest(id: .number(2), method: "subtract", params: [23, 42])))))
        let reply = RPCResponse(id: .number(1), result: .success(19))
        #expect(String(decoding: reply.serialized(), as: UTF8.self) == #"{"id":1,"jsonrpc":"2.0","result":19}"#)
        #expect(parse(#"{"jsonrpc": "2.0", "result": 19, "id": 1}"#) == .single(.message(.response(reply))))
    }

    @Test func callWithNamedParameters() {
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#)
                == .single(.message(.request(RPCRequest(id: .number(3), method: "subtract", params: ["subtrahend": 23, "minuend": 42])))))
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#)
                == .single(.message(.request(RPCRequest(id: .number(4), method: "subtract", params: ["subtrahend": 23, "minuend": 42])))))
    }

    @Test func notifications() {
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#)
                == .single(.message(.notification(RPCNotification(method: "update", params: [1, 2, 3, 4, 5])))))
        #expect(parse(#"{"jsonrpc": "2.0", "method": "foobar"}"#) == .single(.message(.notification(RPCNotification(method: "foobar")))))
    }

    @Test func callOfANonExistentMethodIsAnOrdinaryRequest() {
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#)
                == .single(.message(.request(RPCRequest(id: .string("1"), method: "foobar")))))
        let reply = RPCResponse(id: .string("1"), result: .failure(.methodNotFound("foobar")))
        #expect(
            String(decoding: reply.serialized(), as: UTF8.self)
                == #"{"error":{"code":-32601,"message":"unknown method 'foobar'"},"id":"1","jsonrpc":"2.0"}"#)
        #expect(
            parse(#"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#)
                == .single(.message(.response(RPCResponse(id: .string("1"), result: .failure(RPCError(code: -32601, message: "Method not found")))))))
    }

    @Test func callWithInvalidJSON() {
        let payload = parse(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#)
        guard case .single(.invalid(id: nil, let error)) = payload else {
            Issue.record("expected a single invalid entry, got \(payload)")
            return
        }
        #expect(error.code == RPCErrorCode.parseError)
        #expect(error.message == "invalid JSON at byte 39: expected ',' or '}'")
        #expect(
            String(decoding: BatchReply.serialize(RPCResponse(id: nil, result: .failure(.parseError("Parse error")))), as: UTF8.self)
                == #"{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}"#)
    }

    @Test func callWithAnInvalidRequestObject() {
        #expect(
            parse(#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#)
                == .single(.invalid(id: nil, error: .invalidRequest("'method' must be a string"))))
    }

    @Test func batchWithInvalidJSON() {
        let payload = parse(#"[ {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method" ]"#)
        guard case .single(.invalid(id: nil, let error)) = payload else {
            Issue.record("expected a single invalid entry, got \(payload)")
            return
        }
        #expect(error.code == RPCErrorCode.parseError)
    }

    @Test func emptyArray() {
        #expect(parse("[]") == .single(.invalid(id: nil, error: .invalidRequest("empty batch"))))
    }

    @Test func nonEmptyInvalidBatch() {
        let payload = parse("[1]")
        guard case .batch(let entries) = payload, entries.count == 1, case .invalid(id: nil, let error) = entries[0] else {
            Issue.record("expected a batch of one invalid entry, got \(payload)")
            return
        }
        #expect(error.code == RPCErrorCode.invalidRequest)
    }

    @Test func invalidBatch() {
        guard case .batch(let entries) = parse("[1,2,3]") else {
            Issue.record("expected a batch")
            return
        }
        #expect(entries.count == 3)
        for entry in entries {
            guard case .invalid(id: nil, let error) = entry else {
                Issue.record("expected an invalid entry, got \(entry)")
                continue
            }
            #expect(error.code == RPCErrorCode.invalidRequest)
        }
        let replies = entries.compactMap(\.errorResponse)
        let one = #"{"error":{"code":-32600,"message":"a message must be an object, found a number"},"id":null,"jsonrpc":"2.0"}"#
        #expect(String(decoding: BatchReply.serialize(replies), as: UTF8.self) == "[" + [one, one, one].joined(separator: ",") + "]")
    }

    @Test func mixedBatch() {
        let payload = parse(
            """
            [
                {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
                {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
                {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
                {"foo": "boo"},
                {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
            ]
            """)
        #expect(
            payload
                == .batch([
                    .message(.request(RPCRequest(id: .string("1"), method: "sum", params: [1, 2, 4]))),
                    .message(.notification(RPCNotification(method: "notify_hello", params: [7]))),
                    .message(.request(RPCRequest(id: .string("2"), method: "subtract", params: [42, 23]))),
                    .invalid(id: nil, error: .invalidRequest("the 'jsonrpc' member must be \"2.0\"")),
                    .message(.request(RPCRequest(id: .string("5"), method: "foo.get", params: ["name": "myself"]))),
                    .message(.request(RPCRequest(id: .string("9"), method: "get_data"))),
                ]))
        // The spec's reply to that batch parses back as a batch of five responses.
        let reply = parse(
            """
            [
                {"jsonrpc": "2.0", "result": 7, "id": "1"},
                {"jsonrpc": "2.0", "result": 19, "id": "2"},
                {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
                {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"},
                {"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}
            ]
            """)
        #expect(
            reply
                == .batch([
                    .message(.response(RPCResponse(id: .string("1"), result: .success(7)))),
                    .message(.response(RPCResponse(id: .string("2"), result: .success(19)))),
                    .message(.response(RPCResponse(id: nil, result: .failure(RPCError(code: -32600, message: "Invalid Request"))))),
                    .message(.response(RPCResponse(id: .string("5"), result: .failure(RPCError(code: -32601, message: "Method not found"))))),
                    .message(.response(RPCResponse(id: .string("9"), result: .success(["hello", 5])))),
                ]))
    }

    @Test func batchOfNotificationsOnly() {
        let payload = parse(
            """
            [
                {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
                {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
            ]
            """)
        #expect(
            payload
                == .batch([
                    .message(.notification(RPCNotification(method: "notify_sum", params: [1, 2, 4]))),
                    .message(.notification(RPCNotification(method: "notify_hello", params: [7]))),
                ]))
        guard case .batch(let entries) = payload else { return }
        #expect(entries.compactMap(\.errorResponse).isEmpty)
    }
}
