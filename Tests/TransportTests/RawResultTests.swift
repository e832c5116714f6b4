import NavProtocol
import Testing
@testable import Transport

@Suite struct RawResultTests {
    @Test func findsIdAndResultInOurSerializersLayout() throws {
        let body = RPCMessage.response(RPCResponse(id: .number(42), result: .success(["rows": [1, 2], "screen": "s1"]))).serialized()
        let found = try #require(RawResult.scan(body))
        #expect(found.id == .number(42))
        #expect(try JSONValue(parsing: Array(found.result)) == ["rows": [1, 2], "screen": "s1"])
        var written: [UInt8] = []
        RPCResponse.serialize(id: .string("c-7"), writtenResult: found.result, into: &written)
        #expect(try JSONValue(parsing: written)
            == ["id": "c-7", "jsonrpc": "2.0", "result": ["rows": [1, 2], "screen": "s1"]])
    }

    @Test(arguments: [
        #"{"id":1,"jsonrpc":"2.0","error":{"code":-1,"message":"x"}}"#,
        #"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        #"{"id":"a","jsonrpc":"2.0","result":{}}"#,
        #"{"id":1,"jsonrpc":"2.0","result":5}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"a":"}"}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"a":1}}}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"a":1},"x":{}}"#,
        "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"a\":\"line\nbreak\"}}",
        #"{"id":1,"jsonrpc":"2.0","result":{"a":"x\"}"#,
        #"{"id":1,"jsonrpc":"2.0","result":[[1],[2]]]}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"a":"\"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"a":\1}}"#,
    ])
    func anyOtherShapeTakesTheParsingPath(text: String) {
        #expect(RawResult.scan(Array(text.utf8)) == nil)
    }

    /// Strings are skipped eight bytes at a time: whatever ends a run must be found wherever in
    /// a word it falls, after a run of any length.
    @Test(arguments: 0..<20)
    func findsWhatEndsAStringRunWhereverItFalls(offset: Int) throws {
        let run = String(repeating: "a", count: offset)
        func scanned(_ result: String) -> String? {
            RawResult.scan(Array(#"{"id":7,"jsonrpc":"2.0","result":"#.utf8) + Array(result.utf8) + [UInt8(ascii: "}")])
                .map { String(decoding: $0.result, as: UTF8.self) }
        }
        let escaped = #"{"k":""# + run + #"\"é]"# + run + #""}"#
        #expect(scanned(escaped) == escaped)
        #expect(scanned(#"{"k":""# + run + "\t" + run + #""}"#) == nil)
        // A quote missed would leave the bracket after it inside the string, and the result balanced.
        #expect(scanned(#"{"k":""# + run + #""]"# + run + #""}"#) == nil)
    }

    @Test(arguments: [
        #"{"a":"x\"}"}"#, #"{"a":"\\"}"#, #"[[1],{"b":["]"]}]"#, #"{"k":"é😀 \u0041"}"#, "{}", "[]",
    ])
    func passesOnEveryBalancedResult(result: String) throws {
        let found = try #require(RawResult.scan(Array(#"{"id":7,"jsonrpc":"2.0","result":"#.utf8) + Array(result.utf8) + [UInt8(ascii: "}")]))
        #expect(String(decoding: found.result, as: UTF8.self) == result)
    }
}
