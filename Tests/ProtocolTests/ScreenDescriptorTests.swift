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

/// Descriptors and the `initialize` answer are written and read by hand at every start; both must
/// agree with their `Codable` forms.
@Suite struct ScreenDescriptorWritingTests {
    static let descriptors = [
        ScreenDescriptor(kind: "users", description: "Finds users", params: ["query": ParamSpec(.string, description: "the search")]),
        ScreenDescriptor(
            kind: "commits", description: "quote \" é 😀",
            params: ["path": ParamSpec(.string, required: true, description: "the file"), "limit": ParamSpec(.integer), "Ratio": ParamSpec(.number), "all": ParamSpec(.boolean)],
            external: true),
        ScreenDescriptor(kind: "about", description: "", params: [:], external: false),
    ]

    private func codablePrinted<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONValueEncoder().encode(value).serialized()
    }

    @Test func descriptorsMatchTheirCodableForm() throws {
        for descriptor in Self.descriptors { #expect(descriptor.jsonBytes == (try codablePrinted(descriptor)), "\(descriptor)") }
        var spec = ParamSpec(.integer)
        spec.required = false
        #expect(spec.jsonBytes == (try codablePrinted(spec)))
        #expect(Array(ScreenDescriptor.jsonLine(Self.descriptors).utf8) == (try codablePrinted(Self.descriptors)))
    }

    @Test func theInitializeAnswerMatchesItsCodableForm() throws {
        let answer = InitializeRequest.Response(
            serverInfo: ServerInfo(name: "navhost", version: "0.1.0"),
            capabilities: Capabilities(screens: Self.descriptors, methods: ["initialize", "nav/push"], notifications: ["nav/didChange"], maxMessageBytes: 1 << 24),
            stack: [Screen(id: "s1", kind: "users", title: "Users", params: ["query": "é"])])
        #expect(answer.jsonBytes == (try codablePrinted(answer)))
    }

    static let readInputs: [JSONValue] = [
        .array(descriptors.map { try! JSONValueEncoder().encode($0) }),
        [["kind": "k", "description": "d", "params": [:], "external": .null, "extra": 1]],
        [["kind": "k", "description": "d", "params": ["a": ["type": "string", "required": .null, "description": .null, "x": [1]]]]],
        [["kind": "k", "description": "d", "params": ["a": ["type": "number", "required": false]]]],
        [], [1], "kinds", [["kind": "k", "description": "d"]], [["kind": 1, "description": "d", "params": [:]]],
        [["kind": "k", "description": "d", "params": [:], "external": "yes"]],
        [["kind": "k", "description": "d", "params": ["a": ["type": "date"]]]],
        [["kind": "k", "description": "d", "params": ["a": ["type": "string", "required": 1]]]],
        [["kind": "k", "description": "d", "params": ["a": ["type": "string", "description": false]]]],
        [["kind": "k", "description": "d", "params": ["a": "string"]]],
    ]

    /// Whatever the hand reading takes, `Decodable` reads the same; what it leaves, `Decodable`
    /// reads or refuses on its own.
    @Test(arguments: readInputs)
    func readingByHandAgreesWithDecodable(_ input: JSONValue) {
        let decoded = try? JSONValueDecoder().decode([ScreenDescriptor].self, from: input)
        if let read = ScreenDescriptor.handRead(array: input) {
            #expect(read == decoded, "\(input)")
        } else {
            #expect(decoded == nil, "the hand reading left what Decodable reads: \(input)")
        }
    }

    @Test func theUsualShapesAreReadByHand() throws {
        let line = ScreenDescriptor.jsonLine(Self.descriptors)
        #expect(ScreenDescriptor.handRead(array: try JSONValue(parsing: line)) == Self.descriptors)
    }
}
