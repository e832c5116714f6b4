import Testing
@testable import NavProtocol

/// `RPCPayload.parse` reads a message's members without building a tree of the message, and
/// keeps its params as the bytes they came in. Whatever the input, what it gives must be what
/// parsing the whole document and classifying the tree gives: the same entries, the same
/// params, and for input that is not JSON the same error at the same offset.
@Suite struct EnvelopeReadingTests {
    static let messages: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"screen/rows","params":{"limit":1}}"#,
        #"{"jsonrpc":"2.0","id":"a","method":"screen/rows","params":{"screen":"s2","offset":10,"limit":50,"revision":3}}"#,
        #"{"method":"screen/query","params":{"text":"t\u00f6m \"q\"\n","screen":"s1"},"id":-5,"jsonrpc":"2.0"}"#,
        #"{"jsonrpc":"2.0","method":"initialized","params":null}"#,
        #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"m","params":[]}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"m","params":[1,2.5,-0.0,1e400]}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"m","params":"text"}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"m","params":{"a":1},"params":{"b":2}}"#,
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"a","method":"b","extra":{"deep":[[[{}]]]}}"#,
        #"{"json\u0072pc":"2.0","\u0069d":1,"meth\u006fd":"m","para\u006ds":{"k\u00e9y":"v"}}"#,
        #"{"jsonrpc":"1.0","id":1,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":{},"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"result":{"rows":[]}}"#,
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#,
        #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"x"}}"#,
        #"{}"#,
        " \t\r\n{ \"jsonrpc\" : \"2.0\" ,\n \"id\" : 9 , \"method\" : \"m\" , \"params\" : {\n \"a\" : [ 1 , 2 ]\n } }\r\n ",
        #"[{"jsonrpc":"2.0","id":1,"method":"a","params":{}},{"jsonrpc":"2.0","method":"n"},3,[],{"id":2}]"#,
        "[]",
        "[ ]",
        "1",
        #""x""#,
        "null",
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"bad":"\ud800"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":01}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m"} {"#,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"raw\":\"a\u{1}b\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"s\":\"\u{e9}t\u{e9}\"}}",
    ]

    /// Every message, and every prefix of it: the truncations are invalid JSON at every place a
    /// value, key, string, number or literal can end early.
    static var inputs: [[UInt8]] {
        let prefixes = messages.flatMap { message -> [[UInt8]] in
            let bytes = Array(message.utf8)
            return (0...bytes.count).map { Array(bytes[..<$0]) }
        }
        // Strings skipped in params: every escape, and UTF-8 no Swift literal can hold.
        let strings: [[UInt8]] = [
            Array(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 é😀""#.utf8), Array(#""\x""#.utf8), Array(#""\u12G4""#.utf8),
            Array(#""\udc00""#.utf8), Array(#""\ud800\u0041""#.utf8), Array(#""é\"#.utf8),
            [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0xFF, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x22, 0xC3, 0xA9, 0x01, 0x22],
        ]
        let skipped = strings.map { string in Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"s":"#.utf8) + string + Array("}}".utf8) }
        return prefixes + skipped
    }

    private func throughTheTree(_ bytes: [UInt8]) -> RPCPayload {
        do throws(JSONParseError) {
            return classify(try JSONValue(parsing: bytes))
        } catch {
            return .single(.invalid(id: nil, error: .parseError(error.description)))
        }
    }

    /// The reference: a parsed document classified per JSON-RPC 2.0 sections 4-6.
    private func classify(_ document: JSONValue) -> RPCPayload {
        guard case .array(let elements) = document else { return .single(classify(message: document)) }
        if elements.isEmpty { return .single(.invalid(id: nil, error: .invalidRequest("empty batch"))) }
        return .batch(elements.map(classify(message:)))
    }

    private func classify(message: JSONValue) -> RPCEntry {
        guard case .object(let fields) = message else { return .notAnObject(message) }
        var envelope = RPCEnvelope()
        envelope.jsonrpc = fields["jsonrpc"]
        envelope.id = fields["id"]
        envelope.method = fields["method"]
        envelope.params = fields["params"].map(MessageParams.value)
        envelope.result = fields["result"]
        envelope.error = fields["error"]
        return RPCEntry(classifying: envelope)
    }

    @Test func readingTheEnvelopeGivesWhatParsingTheTreeGives() {
        for input in Self.inputs {
            #expect(RPCPayload.parse(input) == throughTheTree(input), "\(String(decoding: input, as: UTF8.self))")
        }
    }

    @Test func theValueLimitCountsSkippedParamsAsParsedOnes() {
        let many = "[" + Array(repeating: "0", count: 250_001).joined(separator: ",") + "]"
        let input = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":\#(many)}"#.utf8)
        guard case .single(.invalid(nil, let error)) = RPCPayload.parse(input) else {
            Issue.record("a message of more than 250,000 values was read")
            return
        }
        #expect(error.code == RPCErrorCode.parseError)
        #expect(RPCPayload.parse(input) == throughTheTree(input))
    }

    @Test func paramsAreKeptAsTheBytesTheyCameIn() throws {
        let text = #"{"jsonrpc":"2.0","id":4,"method":"screen/rows","params":{"limit":2,"screen":"s3"}}"#
        guard case .single(.message(.request(let request))) = RPCPayload.parse(Array(text.utf8)) else {
            Issue.record("not read as a request")
            return
        }
        guard case .received(let bytes)? = request.carriedParams else {
            Issue.record("params were built into a tree")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"limit":2,"screen":"s3"}"#)
        #expect(request.carriedParams?.member("screen") == "s3")
        #expect(request.carriedParams?.member("offset") == nil)
        #expect(request.params == ["limit": 2, "screen": "s3"])
    }

    @Test func paramsWithLineBreaksAreWrittenAgainOnOneLine() throws {
        let text = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"m\",\"params\":{\n  \"text\": \"a b\",\r\n  \"n\": [1,\n2]\n}}"
        guard case .single(.message(.request(let request))) = RPCPayload.parse(Array(text.utf8)) else {
            Issue.record("not read as a request")
            return
        }
        let line = try #require(request.carriedParams?.compactJSON)
        #expect(String(decoding: line, as: UTF8.self) == #"{"n":[1,2],"text":"a b"}"#)
        #expect(!request.serialized().contains(UInt8(ascii: "\n")))
    }
}
