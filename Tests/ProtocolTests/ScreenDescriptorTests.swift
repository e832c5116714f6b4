@testable import NavProtocol
import Testing

@Suite struct ScreenDescriptorTests {
    let descriptor = ScreenDescriptor(
        kind: "commits", description: "Commits",
        params: ["path": ParamSpec(.string, required: true), "limit": ParamSpec(.integer), "ratio": ParamSpec(.number), "all": ParamSpec(.boolean)])

    @Test func acceptsParamsThatFitAndPassesUnknownFieldsOn() {
        #expect(descriptor.paramsError(["path": "/tmp"]) == nil)
        #expect(descriptor.paramsError(["path": "/tmp", "limit": 3, "ratio": 0.5, "all": true, "query": "x"]) == nil)
        #expect(descriptor.paramsError(["path": "/tmp", "limit": .double(4), "ratio": 2]) == nil, "an integral number is an integer")
    }

    @Test func namesTheFirstFieldThatDoesNotFit() {
        #expect(descriptor.paramsError(nil) == "params.path is required (a string)")
        #expect(descriptor.paramsError(["path": .null]) == "params.path is required (a string)")
        #expect(descriptor.paramsError(["path": 7]) == "params.path must be a string, found a number")
        #expect(descriptor.paramsError(["path": "/", "limit": .double(1.5)]) == "params.limit must be an integer, found a number")
        #expect(descriptor.paramsError(["path": "/", "all": "yes"]) == "params.all must be a boolean, found a string")
        #expect(descriptor.paramsError(["path": "/", "all": true, "ratio": "x"]) == "params.ratio must be a number, found a string")
        #expect(descriptor.paramsError(.array([])) == "params must be an object, found an array")
    }

    @Test func kindNamesAreWordsNotPaths() {
        #expect(ScreenKind.nameError("following") == nil)
        #expect(ScreenKind.nameError("git-log_2") == nil)
        for name in ["", "/bin/sh", "Users", "2fa", "a b", String(repeating: "a", count: 65)] {
            #expect(ScreenKind.nameError(name) != nil, "\(name)")
        }
    }

    @Test func encodesAsTheCapabilitiesPublishIt() throws {
        let encoded = try JSONValueEncoder().encode(ScreenDescriptor(kind: "following", description: "d", params: ["login": ParamSpec(.string, required: true)]))
        #expect(encoded == ["kind": "following", "description": "d", "params": ["login": ["type": "string", "required": true]]])
    }
}

/// The descriptors as `worker/kinds` answers them, `screen-worker kinds` and `navhost kinds --json`
/// print them and navhost reads them at every start (written and read by hand there): golden
/// JSON, and what navhost makes of each shape a worker might answer.
@Suite struct ScreenDescriptorWritingTests {
    static let descriptors = [
        ScreenDescriptor(kind: "users", description: "Finds users", params: ["query": ParamSpec(.string, description: "the search")]),
        ScreenDescriptor(
            kind: "commits", description: "quote \" é 😀",
            params: ["path": ParamSpec(.string, required: true, description: "the file"), "limit": ParamSpec(.integer), "Ratio": ParamSpec(.number), "all": ParamSpec(.boolean)],
            external: true),
        ScreenDescriptor(kind: "about", description: "", params: [:], external: false),
    ]

    static let written = [
        #"{"description":"Finds users","kind":"users","params":{"query":{"description":"the search","type":"string"}}}"#,
        #"{"description":"quote \" é 😀","external":true,"kind":"commits","params":{"Ratio":{"type":"number"},"all":{"type":"boolean"},"limit":{"type":"integer"},"path":{"description":"the file","required":true,"type":"string"}}}"#,
        #"{"description":"","external":false,"kind":"about","params":{}}"#,
    ]

    @Test func descriptorsAreWrittenWithSortedKeys() throws {
        for (descriptor, golden) in zip(Self.descriptors, Self.written) {
            #expect(String(decoding: descriptor.jsonBytes, as: UTF8.self) == golden)
            #expect(try JSONValueEncoder().encode(descriptor).serializedString == golden)
        }
        var spec = ParamSpec(.integer)
        spec.required = false
        #expect(String(decoding: spec.jsonBytes, as: UTF8.self) == #"{"required":false,"type":"integer"}"#)
        #expect(ScreenDescriptor.jsonLine(Self.descriptors) == "[" + Self.written.joined(separator: ",") + "]")
    }

    /// What navhost reads from a `worker/kinds` answer: the descriptors (as compact JSON), or the
    /// error that stops its start; and whether the shape took the hand path.
    static let reads: [(answer: String, outcome: String, byHand: Bool)] = [
        (#"[{"description":"Finds users","kind":"users","params":{"query":{"description":"the search","type":"string"}}},{"description":"quote \" é 😀","external":true,"kind":"commits","params":{"Ratio":{"type":"number"},"all":{"type":"boolean"},"limit":{"type":"integer"},"path":{"description":"the file","required":true,"type":"string"}}},{"description":"","external":false,"kind":"about","params":{}}]"#, #"[{"description":"Finds users","kind":"users","params":{"query":{"description":"the search","type":"string"}}},{"description":"quote \" é 😀","external":true,"kind":"commits","params":{"Ratio":{"type":"number"},"all":{"type":"boolean"},"limit":{"type":"integer"},"path":{"description":"the file","required":true,"type":"string"}}},{"description":"","external":false,"kind":"about","params":{}}]"#, true),
        (#"[{"description":"d","external":null,"extra":1,"kind":"k","params":{}}]"#, #"[{"description":"d","kind":"k","params":{}}]"#, true),
        (#"[{"description":"d","kind":"k","params":{"a":{"description":null,"required":null,"type":"string","x":[1]}}}]"#, #"[{"description":"d","kind":"k","params":{"a":{"type":"string"}}}]"#, true),
        (#"[{"description":"d","kind":"k","params":{"a":{"required":false,"type":"number"}}}]"#, #"[{"description":"d","kind":"k","params":{"a":{"required":false,"type":"number"}}}]"#, true),
        ("[]", "[]", true),
        ("[1]", "error: field '[0]': expected an object, found a number", false),
        (#""kinds""#, "error: expected an array, found a string", false),
        (#"[{"description":"d","kind":"k"}]"#, "error: missing field '[0].params'", false),
        (#"[{"description":"d","kind":1,"params":{}}]"#, "error: field '[0].kind': expected a string, found a number", false),
        (#"[{"description":"d","external":"yes","kind":"k","params":{}}]"#, "error: field '[0].external': expected a boolean, found a string", false),
        (#"[{"description":"d","kind":"k","params":{"a":{"type":"date"}}}]"#, #"error: field '[0].params.a.type': invalid value "date""#, false),
        (#"[{"description":"d","kind":"k","params":{"a":{"required":1,"type":"string"}}}]"#, "error: field '[0].params.a.required': expected a boolean, found a number", false),
        (#"[{"description":"d","kind":"k","params":{"a":{"description":false,"type":"string"}}}]"#, "error: field '[0].params.a.description': expected a string, found a boolean", false),
        (#"[{"description":"d","kind":"k","params":{"a":"string"}}]"#, "error: field '[0].params.a': expected an object, found a string", false),
    ]

    @Test(arguments: reads.indices)
    func readsWhatAWorkerAnswers(_ index: Int) throws {
        let (answer, expected, byHand) = Self.reads[index]
        let value = try JSONValue(parsing: answer)
        let outcome: String
        do {
            outcome = try JSONValueEncoder().encode(try ScreenDescriptor.read(array: value)).serializedString
        } catch {
            outcome = "error: " + describeDecodingError(error)
        }
        #expect(outcome == expected, "\(answer)")
        #expect((ScreenDescriptor.handRead(array: value) != nil) == byHand, "\(answer)")
    }
}
