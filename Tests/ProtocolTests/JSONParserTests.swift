import Testing
import NavProtocol

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: "true") == .bool(true))
        #expect(try JSONValue(parsing: "false") == .bool(false))
        #expect(try JSONValue(parsing: "42") == .int(42))
        #expect(try JSONValue(parsing: "-1.5") == .double(-1.5))
        #expect(try JSONValue(parsing: "\"hi\"") == .string("hi"))
        #expect(try JSONValue(parsing: "[]") == .array([]))
        #expect(try JSONValue(parsing: "{}") == .object([:]))
        #expect(
            try JSONValue(parsing: #"{"a": [1, 2.5, "x", null, true, {"b": {}}], "c": false}"#)
                == ["a": [1, 2.5, "x", nil, true, ["b": [:]]], "c": false])
    }

    @Test func allowsWhitespaceAroundTokens() throws {
        let text = " \t\r\n{ \"a\" : [ 1 , 2 ] , \"b\" :\nnull }\n "
        #expect(try JSONValue(parsing: text) == ["a": [1, 2], "b": nil])
    }

    @Test func parsesFromRawBuffersArraysAndStrings() throws {
        let input = bytes(#"{"k":[1,"v"]}"#)
        let expected: JSONValue = ["k": [1, "v"]]
        #expect(try JSONValue(parsing: input) == expected)
        #expect(try input.withUnsafeBytes { try JSONValue(parsing: $0) } == expected)
        #expect(try JSONValue(parsing: String(decoding: input, as: UTF8.self)) == expected)
    }

    @Test func integersThatFitIntStayIntegers() throws {
        #expect(try JSONValue(parsing: "0") == .int(0))
        #expect(try JSONValue(parsing: "-0") == .int(0))
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .int(Int.min))
    }

    @Test func integersBeyondIntBecomeDoubles() throws {
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9223372036854775808.0))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-9223372036854775809.0))
        #expect(try JSONValue(parsing: "100000000000000000000") == .double(1e20))
    }

    @Test func fractionsAndExponentsAreDoubles() throws {
        #expect(try JSONValue(parsing: "1.0") == .double(1.0))
        #expect(try JSONValue(parsing: "1e2") == .double(100))
        #expect(try JSONValue(parsing: "1E+2") == .double(100))
        #expect(try JSONValue(parsing: "-2.5e-3") == .double(-0.0025))
        #expect(try JSONValue(parsing: "0.1") == .double(0.1))
        #expect(try JSONValue(parsing: "1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "1e-400") == .double(0))
    }

    @Test(arguments: ["01", "-01", "00", "+1", ".5", "1.", "-", "1e", "1e+", "1.e5", "NaN", "Infinity", "-Infinity", "0x10", "1_000"])
    func rejectsMalformedNumbers(_ text: String) {
        #expect(parseFailure(text) != nil)
    }

    @Test func rejectsNumbersOverflowingDouble() {
        #expect(parseFailure("1e400")?.reason == "number out of range")
        #expect(parseFailure("-1e400")?.reason == "number out of range")
    }

    @Test func decodesEverySimpleEscape() throws {
        let value = try JSONValue(parsing: #""\" \\ \/ \b \f \n \r \t""#)
        #expect(value == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
    }

    @Test func decodesUnicodeEscapes() throws {
        #expect(try JSONValue(parsing: #""\u0041\u00e9\u4E2D""#) == .string("Aé中"))
        #expect(try JSONValue(parsing: #""\u0000""#) == .string("\u{0}"))
        #expect(try JSONValue(parsing: #""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""a\ud834\udd1eb""#) == .string("a𝄞b"))
    }

    @Test(arguments: [#""\uD83D""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\uDE00""#, #""\uDE00\uD83D""#])
    func rejectsLoneSurrogates(_ text: String) {
        #expect(parseFailure(text)?.reason == "lone surrogate in \\u escape")
    }

    @Test(arguments: [#""\x""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\"#, #""abc\"#])
    func rejectsBadEscapes(_ text: String) {
        #expect(parseFailure(text) != nil)
    }

    @Test func keepsValidMultiByteUTF8() throws {
        let text = "\"héllo wörld 中文 😀 𝄞\""
        #expect(try JSONValue(parsing: text) == .string("héllo wörld 中文 😀 𝄞"))
    }

    @Test(arguments: [
        [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xC3], [0xE4, 0xB8], [0xC3, 0x41],
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8]) {
        let input = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
        #expect(parseFailure(input)?.reason == "invalid UTF-8")
        #expect(parseFailure(input)?.offset == 1)
    }

    @Test func rejectsUnescapedControlCharacters() {
        let failure = parseFailure("\"a\nb\"")
        #expect(failure == JSONParseError(offset: 2, reason: "unescaped control character in string"))
        #expect(parseFailure("\"tab\there\"") != nil)
        #expect(parseFailure([UInt8(ascii: "\""), 0x00, UInt8(ascii: "\"")]) != nil)
    }

    @Test func lastDuplicateKeyWins() throws {
        #expect(try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#) == ["a": 3, "b": 2])
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONValue(parsing: text)
        var measured = 0
        while case .array(let elements) = value {
            measured += 1
            value = elements.first ?? .null
        }
        #expect(measured == depth)
        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(throws: Never.self) { try JSONValue(parsing: objects) }
    }

    @Test func rejectsNestingBeyondTheLimit() {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(parseFailure(text) == JSONParseError(offset: 512, reason: "nesting deeper than 512"))
        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(parseFailure(objects)?.reason == "nesting deeper than 512")
    }

    @Test func survivesPathologicallyDeepInput() {
        #expect(parseFailure(String(repeating: "[", count: 100_000))?.reason == "nesting deeper than 512")
        #expect(parseFailure(String(repeating: #"{"":"#, count: 100_000))?.reason == "nesting deeper than 512")
        #expect(parseFailure(String(repeating: "[1,", count: 100_000))?.reason == "nesting deeper than 512")
    }
}
