import MCP
import NavClient
import NavProtocol

/// Reads `navshell://` resources on a navhost session of their own, started on the first read,
/// so that reading never changes the tools' stack: a deep link opens there, and a screen of the
/// tools' stack (`navshell://stack/ID`) is rebuilt there from the stack's restoration tokens.
actor ResourceReader {
    private let tools: NavSession
    private let executable: String
    private let arguments: [String]
    private var reading: NavSession?

    init(tools: NavSession, executable: String, arguments: [String]) {
        self.tools = tools
        self.executable = executable
        self.arguments = arguments
    }

    /// The screens on the tools' stack, as resources.
    func list() async throws -> [Resource] {
        ResourceCatalog.listing(try await tools.perform { job in try job.send(StackRequest()).stack })
    }

    func read(_ uri: String, stop: CallStop, progress: (@Sendable (Double) -> Void)?) async throws -> [Resource.Content] {
        switch ResourceCatalog.target(uri) {
        case nil:
            throw MCPError.invalidParams(
                "resources/read takes navshell:// URIs such as navshell://users/mojombo/repositories/chronic or navshell://stack/s2, not '\(uri)'")
        case .stackScreen(let id)?:
            // Read on the reading session, rebuilt from the tools' stack up to that screen
            // (`nav/setStack` with their tokens): a read in place would move the screen's token.
            let stack = try await tools.perform(stop, progress: progress) { job in try job.send(StackRequest()).stack }
            guard let depth = stack.firstIndex(where: { $0.id == id }) else {
                throw MCPError.serverError(
                    code: Self.resourceNotFound,
                    message: "no screen \(id) on the stack; it holds " + stack.map { "\($0.id) (\($0.title))" }.joined(separator: ", "))
            }
            let saved = stack[...depth].map { SavedScreen(kind: $0.kind, params: $0.params, token: $0.token, title: $0.title) }
            let session = try await readingSession()
            return try await Self.mapped(uri) {
                try await session.perform(stop, progress: progress) { job in
                    guard let top = try job.send(SetStackRequest(screens: saved)).stack.last else {
                        throw NavClientError.unexpectedReply("an empty stack")
                    }
                    var whole = try ScreenWindows.readWhole(job.client, top, timeout: NavSession.callLimit, stop: job.stop)
                    whole.screen = stack[depth]
                    return ResourceCatalog.contents(uri: uri, screen: whole, stack: stack)
                }
            }
        case .path(let path)?:
            let session = try await readingSession()
            return try await Self.mapped(uri) {
                try await session.perform(stop, progress: progress) { job in
                    let stack = try job.send(OpenRequest(path: path)).stack
                    guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
                    let whole = try ScreenWindows.readWhole(job.client, top, timeout: NavSession.callLimit, stop: job.stop)
                    return ResourceCatalog.contents(uri: uri, screen: whole, stack: stack)
                }
            }
        }
    }

    /// MCP's code for a resource that does not exist.
    static let resourceNotFound = -32002

    /// navhost's refusals as MCP errors: a path outside the grammar is invalid params, a user or
    /// repository that does not exist a resource not found.
    private static func mapped(_ uri: String, _ body: @Sendable () async throws -> [Resource.Content]) async throws -> [Resource.Content] {
        do {
            return try await body()
        } catch let error as NavClientError {
            guard let rpc = error.rpcError else { throw MCPError.internalError("reading \(uri): \(error)") }
            if rpc.data?["grammar"] != nil { throw MCPError.invalidParams(rpc.message) }
            if rpc.code == RPCErrorCode.invalidParams || rpc.code == RPCErrorCode.invalidNavigation {
                throw MCPError.serverError(code: resourceNotFound, message: "\(uri): \(rpc.message)")
            }
            throw MCPError.serverError(code: rpc.code, message: "\(uri): \(rpc.message)")
        }
    }

    private func readingSession() async throws -> NavSession {
        if let reading { return reading }
        let session = NavSession(name: "navhost-mcp resources", executable: executable, arguments: arguments)
        reading = session
        do {
            _ = try await session.start()
        } catch {
            reading = nil
            await session.close()
            throw MCPError.internalError("could not start navhost to read resources: \(error)")
        }
        return session
    }

    func close() async {
        await reading?.close()
        reading = nil
    }
}
