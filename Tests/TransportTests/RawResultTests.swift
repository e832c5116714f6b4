import CJSONScan
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

    /// Whatever ends a string must be found wherever it falls, after a run of any length.
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
    /// The check classifies bytes a block at a time: it must decide as a plain byte-by-byte walk
    /// does, for any document. Documents are random nestings of strings (with escapes, brackets
    /// and multi-byte characters inside), half of them with one byte then replaced.
    @Test func decidesAsAByteByByteWalkDoes() {
        var random = SeededNumbers(seed: 20_261_124)
        var outcomes: [Bool: Int] = [:]
        for _ in 0..<20_000 {
            var document = Self.randomValue(&random, depth: 0)
            if random.next() % 2 == 0 {
                let alphabet = Array(#"{}[]"\a:,"#.utf8) + [0x0A, 0x01, 0xC3]
                document[Int(random.next() % UInt64(document.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let expected = Self.isBalancedByteByByte(document)
            Self.expectBothChecks(document, decide: expected)
            outcomes[expected, default: 0] += 1
        }
        // Both answers are common, so the comparison covers each.
        #expect(outcomes[true, default: 0] > 2_000 && outcomes[false, default: 0] > 2_000, "\(outcomes)")
    }

    /// The check takes 64 bytes at a time: a run of backslashes, a string or a control
    /// character that falls across a block's edge must be read as a byte-by-byte walk reads it.
    /// Each document puts the interesting bytes at every offset of the first three blocks.
    @Test func decidesAsAByteByByteWalkDoesAcrossBlockEdges() {
        var decided = 0
        for offset in 0..<200 {
            let padding = String(repeating: "a", count: offset)
            for backslashes in 0...5 {
                let run = String(repeating: #"\"#, count: backslashes)
                for ending in [#""]"}"#, #""}"#, #"]"}"#, "\u{01}\"}", #""}]"#, #"""#] {
                    for opening in [#"{"k":""#, #"[""#, #"[{"k":[""#] {
                        let document = Array((opening + padding + run + ending + (opening.hasPrefix("[{") ? "]}]" : "")).utf8)
                        let expected = Self.isBalancedByteByByte(document)
                        Self.expectBothChecks(document, decide: expected)
                        if expected { decided += 1 }
                    }
                }
            }
        }
        #expect(decided > 1_000)
        // Long random documents: most span several blocks.
        var random = SeededNumbers(seed: 20_261_128)
        var long = 0
        for _ in 0..<3_000 {
            var document = Array("[".utf8) + Array((0..<8).map { _ in Self.randomValue(&random, depth: 0) }.joined(separator: Array(",".utf8))) + Array("]".utf8)
            if random.next() % 2 == 0 {
                let alphabet = Array(#"{}[]"\a:,"#.utf8) + [0x0A, 0x01, 0xC3]
                document[Int(random.next() % UInt64(document.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            if document.count > 128 { long += 1 }
            Self.expectBothChecks(document, decide: Self.isBalancedByteByByte(document))
        }
        #expect(long > 1_000)
    }

    /// The check navhost runs (SSE2's masks here) and the one a target without SSE2 runs (the
    /// masks made a byte at a time) both decide `expected`.
    private static func expectBothChecks(_ document: [UInt8], decide expected: Bool) {
        #expect(RawResult.isBalancedContainer(document[...]) == expected, "\(String(decoding: document, as: UTF8.self))")
        let bytewise = document.withUnsafeBufferPointer { navshell_is_balanced_container_bytewise($0.baseAddress!, $0.count) }
        #expect(bytewise == expected, "byte-wise masks: \(String(decoding: document, as: UTF8.self))")
    }

    private static func randomValue(_ random: inout SeededNumbers, depth: Int) -> [UInt8] {
        let pieces = [#"a"#, #"\""#, #"\\"#, "]", "{", "é", "x y", #"\n"#, "abcdefghij"]
        switch random.next() % (depth < 3 ? 4 : 2) {
        case 0:
            return Array("\"".utf8) + (0..<random.next() % 6).flatMap { _ in Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8) } + Array("\"".utf8)
        case 1:
            return Array(String(random.next() % 100_000).utf8)
        case 2:
            let members = (0..<random.next() % 4).map { _ in Array(#""k":"#.utf8) + randomValue(&random, depth: depth + 1) }
            return Array("{".utf8) + Array(members.joined(separator: Array(",".utf8))) + Array("}".utf8)
        default:
            let elements = (0..<random.next() % 4).map { _ in randomValue(&random, depth: depth + 1) }
            return Array("[".utf8) + Array(elements.joined(separator: Array(",".utf8))) + Array("]".utf8)
        }
    }

    /// The rule the scan keeps, one byte at a time.
    private static func isBalancedByteByByte(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        var depth = 0
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 { return false }
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    if index < bytes.count, bytes[index] < 0x20 { return false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index == bytes.count - 1 }
                case UInt8(ascii: "\\"): return false
                default: break
                }
            }
            index += 1
        }
        return false
    }
}

/// Knuth's MMIX linear congruential generator, its high bits: the same documents on every run.
private struct SeededNumbers {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
