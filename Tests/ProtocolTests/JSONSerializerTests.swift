import Testing
import NavProtocol

@Suite struct JSONSerializerTests {
    @Test func writesCompactJSONWithSortedKeys() {
        let value: JSONValue = ["b": [1, 2.5, nil, true, false], "a": "x", "c": [:], "B": []]
        #expect(value.serializedString == #"{"B":[],"a":"x","b":[1,2.5,null,true,false],"c":{}}"#)
    }

    @Test func sortsKeysByUTF8Bytes() {
        let value: JSONValue = ["é": 1, "z": 2, "Z": 3, "a": 4, "aa": 5, "": 6]
        #expect(value.serializedString == #"{"":6,"Z":3,"a":4,"aa":5,"z":2,"é":1}"#)
    }

    /// Keys that share first bytes, ASCII and not, come out in the order of their UTF-8 bytes.
    @Test func sortsKeysSharingFirstBytesByUTF8Bytes() {
        let keys = ["ab", "a", "aa", "abc", "b", "", "fork", "forks", "ç", "é", "Ã", "中", "中文", "😀", "é!", "A", "~"]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.int(1)) }))
        let sorted = keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(value.serializedString == "{" + sorted.map { "\"\($0)\":1" }.joined(separator: ",") + "}")
    }

    @Test func escapesStringsPerRFC8259() {
        let value = JSONValue.string("q\" b\\ n\n r\r t\t b\u{08} f\u{0C} nul\u{0} us\u{1F} del\u{7F} / é 😀")
        #expect(value.serializedString == #""q\" b\\ n\n r\r t\t b\b f\f nul\u0000 us\u001f del"# + "\u{7F} / é 😀\"")
    }

    @Test func writesNonASCIIAsRawUTF8() {
        #expect(JSONValue.string("中😀").serialized() == [0x22] + Array("中😀".utf8) + [0x22])
    }

    @Test func neverWritesARawNewline() {
        let value: JSONValue = ["lines": ["a\nb", "c\r\nd"], "key\n": 1]
        #expect(!value.serialized().contains(UInt8(ascii: "\n")))
    }

    @Test func printsNumbers() {
        #expect(JSONValue.int(-42).serializedString == "-42")
        #expect(JSONValue.int(Int.min).serializedString == "-9223372036854775808")
        #expect(JSONValue.double(1.0).serializedString == "1.0")
        #expect(JSONValue.double(0.1).serializedString == "0.1")
        #expect(JSONValue.double(1e20).serializedString == "1e+20")
        #expect(JSONValue.double(-2.5e-7).serializedString == "-2.5e-07")
    }

    @Test func printsNonFiniteDoublesAsNull() {
        #expect(JSONValue.double(.nan).serializedString == "null")
        #expect(JSONValue.double(.infinity).serializedString == "null")
        #expect(JSONValue.array([.double(-.infinity)]).serializedString == "[null]")
    }

    @Test func appendsToAnExistingBuffer() {
        var buffer = bytes("prefix:")
        JSONValue.array([1, "a"]).serialize(into: &buffer)
        #expect(buffer == bytes(#"prefix:[1,"a"]"#))
    }

    static let roundTripCorpus: [JSONValue] = [
        .null, true, false, 0, -1, .int(Int.max), .int(Int.min), 1.5, -0.0, 1e300, .double(.leastNonzeroMagnitude), 0.1, 123456789.125,
        "", "plain", "quote \" backslash \\ slash /", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}",
        "unicode é ß 中文 日本語 😀 👩‍👩‍👧 𝄞 \u{FFFD} \u{10FFFF}", "\u{2028}\u{2029}",
        [], [:], [[[[]]]], ["a": ["b": ["c": [1, 2, 3]]]],
        ["mixed": [1, 2.5, "three", nil, true, ["four": 4]], "émoji 😀": "ok", "": ""],
    ]

    @Test(arguments: roundTripCorpus)
    func parsingTheSerializationGivesBackTheValue(_ value: JSONValue) throws {
        #expect(try JSONValue(parsing: value.serialized()) == value)
        #expect(try JSONValue(parsing: value.serializedString) == value)
    }

    @Test func serializationIsAFixedPoint() throws {
        let text = #"{"z": [1, 2.0, 3e2], "a": {"y": "\u00e9\ud83d\ude00", "x": null}}"#
        let once = try JSONValue(parsing: text).serialized()
        #expect(try JSONValue(parsing: once).serialized() == once)
        #expect(String(decoding: once, as: UTF8.self) == #"{"a":{"x":null,"y":"é😀"},"z":[1,2.0,300.0]}"#)
    }
}
