import ArgumentParser
import HostOptions
import NavClient
import NavProtocol

/// A host of a one-shot command's own (`navhost show`, `navhost perform`), opened at a deep
/// link: started with the host options, the path opened, a query typed when given, idle, and
/// the screen it leads to read whole (so every row of it is loaded and can be acted on).
struct DeepLinkSession {
    let client: NavClient
    /// With `tokens`, as `nav/stack` gives it, each screen with its restoration token; else as
    /// `nav/open` answered it.
    let stack: [Screen]
    let screen: ScreenSnapshot

    /// Runs `body` on the screen at `path`; navhost's refusals exit 1 with its message on
    /// stderr, under the command's name; navhost is ended after, whatever happens.
    static func run<T>(
        _ command: String, path: String, query: String? = nil, tokens: Bool = false, options: HostOptions, timeout: Double,
        _ body: (DeepLinkSession) throws -> T
    ) throws -> T {
        let client = try NavClient(executable: BuildProducts.directory + "/navhost", arguments: ["serve"] + options.arguments)
        client.onStderr = { text in FileOutput.standardError(text) }
        defer { _ = try? client.shutdownAndExit(timeout: timeout) }
        do {
            try client.initialize(clientName: "navhost \(command)", timeout: timeout)
            let opened = try client.open(path, timeout: timeout)
            if let query {
                _ = try client.send(QueryRequest(text: query), timeout: timeout)
            }
            try client.waitIdle(timeout: timeout)
            let stack = tokens ? try client.send(StackRequest(), timeout: timeout).stack : opened
            guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
            let screen = try ScreenWindows.readWhole(client, top, timeout: timeout)
            return try body(DeepLinkSession(client: client, stack: stack, screen: screen))
        } catch let error as NavClientError {
            FileOutput.standardError("navhost \(command): \(error.rpcError?.message ?? error.description)\(failedAction(error))\n")
            throw ExitCode(1)
        }
    }

    /// For an action that failed: its reason, and the input given, whole, to send again.
    private static func failedAction(_ error: NavClientError) -> String {
        guard let rpc = error.rpcError, rpc.code == RPCErrorCode.actionFailed, let data = rpc.data else { return "" }
        let reason = data["reason"]?.stringValue.map { " (\($0))" } ?? ""
        guard let input = rpc.inputGivenBack else { return reason }
        return reason + "\nnavhost \(data["action"]?.stringValue ?? "perform"): the input was \(JSONValue.object(input).serializedString)"
    }
}
