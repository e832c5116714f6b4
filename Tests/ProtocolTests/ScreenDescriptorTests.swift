import NavProtocol
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
