import Testing
@testable import NavProtocol

/// `JSONValue.parseObject(_:keeping:)` reads an object but one member, which it checks and keeps
/// as bytes (navhost passes a pushed screen's first rows on that way), and
/// `JSONWriter.object(_:adding:)` writes such bytes back into an object. Whatever the input,
/// they must agree with parsing the whole tree and serializing it.
@Suite struct KeptMemberTests {
    static let objects: [String] = [
        #"{"revision":3,"rows":[{"id":"user:a","title":"t\u00f6m \"q\""},{"id":"é","values":{"n":1.5,"x":null}}],"sections":[{"count":2,"id":"s"}],"title":"Users"}"#,
        #"{"revision":0,"sections":[]}"#,
        #"{"rows":[]}"#,
        #"{"rows":null,"title":"x"}"#,
        #"{"rows":[1],"rows":[2,3],"a":{"rows":[4]}}"#,
        #"{"r\u006fws":["escaped key"],"b":true}"#,
        " \t{ \"rows\" : [ \"a\" , { } ] ,\n \"c\" : -0.5e3 } \n",
        "{}",
        #"{"rows":["\ud83d\ude00 \u00e9 é 😀"],"s":"\/"}"#,
        #"{"rows":["\ud800"]}"#,
        #"{"rows":["\x"]}"#,
        #"{"rows":[01]}"#,
        #"{"rows":[1]} x"#,
        #"[{"rows":[]}]"#,
        #""rows""#,
        "{\"rows\":[\"a\u{1}b\"]}",
    ]

    /// Every object and every prefix of it, and the bytes no Swift string literal can hold.
    static var inputs: [[UInt8]] {
        let prefixes = objects.flatMap { object -> [[UInt8]] in
            let bytes = Array(object.utf8)
            return (0...bytes.count).map { Array(bytes[..<$0]) }
        }
        let invalidUTF8: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]].map { bad in
            Array(#"{"rows":["a"#.utf8) + bad + Array(#""],"t":1}"#.utf8)
        }
        return prefixes + invalidUTF8
    }

    @Test func theKeptMemberAndTheRestAreWhatTheTreeHolds() throws {
        for input in Self.inputs {
            let text = String(decoding: input, as: UTF8.self)
            let split = JSONValue.parseObject(input[...], keeping: "rows")
            guard case .object(var fields)? = try? JSONValue(parsing: input) else {
                #expect(split == nil, "\(text)")
                continue
            }
            let split1 = try #require(split, "\(text)")
            let rows = fields.removeValue(forKey: "rows")
            #expect(split1.fields == fields, "\(text)")
            #expect(try split1.kept.map { try JSONValue(parsing: Array($0)) } == rows, "\(text)")
        }
    }

    @Test func aSliceIsReadWhereItLies() throws {
        let message = Array(#"{"id":1,"result":{"rows":[1,2],"revision":4}}"#.utf8)
        let result = message[17..<(message.count - 1)]
        let split = try #require(JSONValue.parseObject(result, keeping: "rows"))
        #expect(split.fields == ["revision": 4])
        #expect(split.kept.map { Array($0) } == Array("[1,2]".utf8))
    }

    @Test func writtenBackTheyAreTheMergedTreeSerialized() throws {
        let fields: [String: JSONValue] = ["action": "push", "pushed": ["id": "s3"], "screen": "from the worker", "zz": [1], "é": true, "Z": nil]
        for names in [[], ["screen"], ["screen", "stack", "pushedRows"], ["a", "é", "~"]] {
            var merged = fields
            var members: [(name: String, write: (inout JSONWriter) -> Void)] = []
            for (position, name) in names.enumerated() {
                let value: JSONValue = ["member": .int(position), "text": "q\"\n"]
                merged[name] = value
                let bytes = value.serialized()[...]
                members.append((name, { $0.json(bytes) }))
            }
            var writer = JSONWriter()
            writer.object(fields, adding: members)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONValue.object(merged).serializedString, "\(names)")
        }
    }
}
