import Testing
import NavProtocol

private struct PushParams: Codable, Equatable {
    var kind: String
    var params: JSONValue?
}

private struct Push: RPCRequestType {
    typealias Response = EmptyResult
    static let method = "nav/push"
    var kind: String
}

private struct Exit: RPCNotificationType {
    static let method = "exit"
}

@Suite struct RPCMethodTypesTests {
    @Test func decodesParams() throws {
        let params = try decodeParams(PushParams.self, from: ["kind": "users", "params": ["login": "x"]])
        #expect(params == PushParams(kind: "users", params: ["login": "x"]))
    }

    @Test func missingParamsDecodeAsAnEmptyObject() throws {
        #expect(try decodeParams(EmptyParams.self, from: nil) == EmptyParams())
        // null and an empty array carry no params either: one rule for every method.
        #expect(try decodeParams(EmptyParams.self, from: .null) == EmptyParams())
        #expect(try decodeParams(EmptyParams.self, from: []) == EmptyParams())
        #expect(try decodeParams([String: Int].self, from: nil) == [:])
    }

    @Test func failuresBecomeInvalidParamsNamingTheField() {
        #expect(throws: RPCError.invalidParams("invalid params: missing field 'kind'")) {
            try decodeParams(PushParams.self, from: nil)
        }
        #expect(throws: RPCError.invalidParams("invalid params: field 'kind': expected a string, found a number")) {
            try decodeParams(PushParams.self, from: ["kind": 3])
        }
        #expect(throws: RPCError.invalidParams("invalid params: navhost's methods take params by name (an object), not by position (an array)")) {
            try decodeParams(EmptyParams.self, from: [1])
        }
        #expect(throws: RPCError.invalidParams("invalid params: missing field 'kind'")) {
            try decodeParams(PushParams.self, from: [])
        }
    }

    @Test func emptyTypesEncodeAsAnEmptyObject() throws {
        #expect(try JSONValueEncoder().encode(EmptyParams()) == [:])
        #expect(try JSONValueEncoder().encode(EmptyResult()) == [:])
    }

    @Test func emptyTypesDecodeFromAnObjectOrNull() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(EmptyResult.self, from: [:]) == EmptyResult())
        #expect(try decoder.decode(EmptyResult.self, from: nil) == EmptyResult())
        #expect(try decoder.decode(EmptyParams.self, from: ["ignored": 1]) == EmptyParams())
        #expect(throws: DecodingError.self) { try decoder.decode(EmptyResult.self, from: "x") }
    }

    @Test func typedMethodsRoundTripTheirParams() throws {
        #expect(Push.method == "nav/push" && Exit.method == "exit")
        let encoded = try JSONValueEncoder().encode(Push(kind: "users"))
        #expect(encoded == ["kind": "users"])
        #expect(try decodeParams(Push.self, from: encoded).kind == "users")
        #expect(throws: Never.self) { try decodeParams(Exit.self, from: nil) }
        #expect(try decodeParams(Push.Response.self, from: nil) == EmptyResult())
    }
}
