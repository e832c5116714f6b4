import Foundation
import NavClient
import NavProtocol
import Testing

@Suite(.serialized) struct ToolListTests {
    /// `#filePath` is `<root>/Tests/MCPServerTests/ToolListTests.swift`; the golden file is
    /// beside the Python MCP tests, which hold the server to it too (and SwiftPM reads no data
    /// file in a test target it is not told of).
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("python/mcp_tests/golden/tools-list.json")

    /// `tools/list` of the built server on the snapshot's catalog is the golden file, byte for
    /// byte once pretty-printed; NAVSHELL_UPDATE_GOLDEN=1 writes it anew (review the diff).
    @Test func theToolListIsTheGoldenFile() throws {
        let listed = JSONValue.array(try MCPProcess().tools()).prettyPrinted() + "\n"
        if ProcessInfo.processInfo.environment["NAVSHELL_UPDATE_GOLDEN"] == "1" {
            try listed.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(listed == expected, "tools/list differs from python/mcp_tests/golden/tools-list.json; NAVSHELL_UPDATE_GOLDEN=1 rewrites it")
    }

    @Test func aDataURLPassesThroughUnchangedBothWays() throws {
        let server = try MCPProcess()
        let url = "data:text/plain;base64,SGVsbG8sIE1DUA=="
        let result = try server.call("search", ["text": .string(url)])
        let content = try #require(result["structuredContent"])
        #expect(content["stack"]?.arrayValue?.first?["token"]?["query"] == .string(url))
        #expect(content["sections"]?.arrayValue?.first?["header"] == .string("Users matching '\(url)'"))
        #expect(result["content"]?.arrayValue?.first?["text"]?.stringValue?.contains(url.uppercased()) == true)
    }
}
