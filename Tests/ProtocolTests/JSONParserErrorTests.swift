import Testing
import NavProtocol

@Suite struct JSONParserErrorTests {
    @Test func describesErrorsWithOffsetAndReason() {
        let error = JSONParseError(offset: 12, reason: "expected ',' or '}'")
        #expect(error.description == "invalid JSON at byte 12: expected ',' or '}'")
    }

    @Test func reportsWhereAnObjectGoesWrong() {
        #expect(parseFailure(#"{"a": 1 "b": 2}"#) == JSONParseError(offset: 8, reason: "expected ',' or '}'"))
        #expect(parseFailure(#"{"a" 1}"#) == JSONParseError(offset: 5, reason: "expected ':'"))
        #expect(parseFailure(#"{1: 2}"#) == JSONParseError(offset: 1, reason: "expected a string key"))
        #expect(parseFailure(#"{"a": 1,}"#) == JSONParseError(offset: 8, reason: "expected a string key"))
    }

    @Test func reportsWhereAnArrayGoesWrong() {
        #expect(parseFailure("[1 2]") == JSONParseError(offset: 3, reason: "expected ',' or ']'"))
        #expect(parseFailure("[1,]") == JSONParseError(offset: 3, reason: "unexpected character ']', expected a value"))
        #expect(parseFailure("[,1]") == JSONParseError(offset: 1, reason: "unexpected character ',', expected a value"))
    }

    @Test func reportsTruncatedInput() {
        #expect(parseFailure("") == JSONParseError(offset: 0, reason: "unexpected end of input, expected a value"))
        #expect(parseFailure("   ") == JSONParseError(offset: 3, reason: "unexpected end of input, expected a value"))
        #expect(parseFailure("[1,2") == JSONParseError(offset: 4, reason: "unexpected end of input, expected ',' or ']'"))
        #expect(parseFailure(#"{"a":1"#) == JSONParseError(offset: 6, reason: "unexpected end of input, expected ',' or '}'"))
        #expect(parseFailure(#"{"a""#)?.reason == "expected ':'")
        #expect(parseFailure(#""abc"#) == JSONParseError(offset: 4, reason: "unterminated string"))
        #expect(parseFailure("tru") == JSONParseError(offset: 0, reason: "invalid literal, expected 'true'"))
    }

    @Test(arguments: ["{} x", "[1] 2", "null null", "1 1", "\"a\"\"b\"", "{}}", "[]]"])
    func rejectsTrailingGarbage(_ text: String) {
        #expect(parseFailure(text)?.reason.hasSuffix("after the document") == true)
    }

    @Test(arguments: ["nul", "nulL", "True", "FALSE", "undefined", "'a'", "\u{FEFF}{}", "//", "{a:1}"])
    func rejectsNonJSONTokens(_ text: String) {
        #expect(parseFailure(text) != nil)
    }

    @Test func rejectsEmptyBuffersOfEveryKind() {
        let expected = JSONParseError(offset: 0, reason: "unexpected end of input, expected a value")
        #expect(throws: expected) { try JSONValue(parsing: UnsafeRawBufferPointer(start: nil, count: 0)) }
        #expect(throws: expected) { try JSONValue(parsing: [UInt8]()) }
        #expect(throws: expected) { try JSONValue(parsing: "") }
    }

    @Test func namesNonPrintableBytesInHex() {
        #expect(parseFailure([0x01])?.reason == "unexpected byte 0x01, expected a value")
        #expect(parseFailure([0xC3, 0xA9])?.reason == "unexpected byte 0xC3, expected a value")
    }

    @Test func neverCrashesOnMutatedDocuments() {
        // Every truncation and every single-byte substitution of a varied document either parses
        // or throws; none may trap.
        let document = bytes(#"{"a":[1,-2.5e3,"x\u00e9\n",true,false,null,{"b":"😀"}],"c":{}}"#)
        for length in 0...document.count {
            _ = parseFailure(Array(document.prefix(length)))
        }
        let substitutes: [UInt8] = [0x00, 0x22, 0x2C, 0x30, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D, 0x80, 0xFF]
        for position in document.indices {
            for substitute in substitutes {
                var mutated = document
                mutated[position] = substitute
                _ = parseFailure(mutated)
            }
        }
    }
}
