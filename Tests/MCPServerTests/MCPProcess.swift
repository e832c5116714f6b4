import Foundation
import NavClient
import NavProtocol

/// `navhost-mcp` as an MCP client starts it, spoken to in JSON lines through a NavClient (the
/// JSON-RPC is the same), with its local state in a directory of its own.
final class MCPProcess {
    let client: NavClient
    let stateDirectory: String

    init(_ arguments: [String] = [], capabilities: JSONValue = .object([:])) throws {
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateDirectory
        client = try NavClient(
            executable: BuildProducts.path(of: "navhost-mcp"), arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" })
        _ = try client.request(
            "initialize",
            ["protocolVersion": "2025-11-25", "capabilities": capabilities, "clientInfo": ["name": "MCPServerTests", "version": "1"]], timeout: 30)
        client.notify("notifications/initialized")
    }

    deinit {
        client.closeInput()
        _ = try? client.waitForExit(timeout: 20)
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// A `tools/call`'s result.
    func call(_ tool: String, _ arguments: JSONValue = .object([:])) throws -> JSONValue {
        try client.request("tools/call", ["name": .string(tool), "arguments": arguments], timeout: 30)
    }

    /// `tools/list`'s tools.
    func tools() throws -> [JSONValue] {
        try client.request("tools/list", timeout: 30)["tools"]?.arrayValue ?? []
    }
}
