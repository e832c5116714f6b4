import Foundation
import MCP
import NavClient
import NavProtocol
import Synchronization

/// The MCP server: the SDK's `Server` on a `LineTransport`, with NavShell's handlers for
/// initialize, the tools (`ToolCatalog`, answered through the `ToolCallRelay`) and the
/// resources. It answers until stdin ends or `stop()`.
final class NavShellServer: Sendable {
    /// The protocol versions it speaks, newest first: a client asking for another gets the first.
    static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26"]

    static let instructions = """
        NavShell browses GitHub users and repositories as a stack of list screens. Start with open \
        (a deep link such as users/mojombo/repositories/chronic) or search on the user list; select a row id \
        to go deeper, back to return, rows with nextCursor to read long lists. Every answer shows the top screen; \
        structuredContent has the rows with typed values (stars and followers as numbers).
        """

    private let server: Server
    private let relay = ToolCallRelay()
    private let transport: LineTransport
    private let session: NavSession
    private let host: HostFacts
    private let readOnly: Bool
    private let resources: ResourceReader
    private let info: Server.Info
    /// nil until `initialize`; then whether the client can be asked (`elicitation`).
    private let client = Mutex<ClientFacts?>(nil)

    struct ClientFacts: Sendable {
        var elicitation: Bool
    }

    init(session: NavSession, host: HostFacts, readOnly: Bool, resources: ResourceReader, version: String) {
        self.session = session
        self.host = host
        self.readOnly = readOnly
        self.resources = resources
        transport = LineTransport(relay: relay)
        info = Server.Info(name: "navshell", version: version, title: "NavShell")
        server = Server(
            name: info.name, version: version, title: info.title, instructions: Self.instructions,
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
    }

    static func negotiate(_ requested: String) -> String {
        protocolVersions.contains(requested) ? requested : protocolVersions[0]
    }

    /// Serves until the client closes stdin or `stop()` is called.
    func run() async throws {
        try await server.start(transport: transport)
        await register()
        await transport.startReading()
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// Ends the stream of messages as the end of stdin would (SIGTERM).
    func stop() async {
        await transport.disconnect()
    }

    /// Waits until every answer written so far has left.
    func flush() async {
        await transport.flush()
    }

    private func initializedClient() throws(MCPError) -> ClientFacts {
        guard let facts = client.withLock({ $0 }) else { throw MCPError.invalidRequest("send initialize first") }
        return facts
    }

    private func register() async {
        let capabilities = await server.capabilities
        await server.withMethodHandler(RawParams<Initialize>.self) { [self] params in
            let fields = try MCPParams(Initialize.name, params)
            let requested = try fields.string("protocolVersion")
            let declared = try fields.object("capabilities")?["elicitation"]
            let elicitation = declared != nil && declared != .null
            let first = client.withLock { client in
                defer { client = client ?? ClientFacts(elicitation: elicitation) }
                return client == nil
            }
            guard first else { throw MCPError.invalidRequest("initialize was already sent") }
            return Initialize.Result(
                protocolVersion: Self.negotiate(requested), capabilities: capabilities, serverInfo: info, instructions: Self.instructions)
        }
        await server.withMethodHandler(RawParams<ListTools>.self) { [self] params in
            _ = try initializedClient()
            try MCPParams(ListTools.name, params).refuseCursor()
            return ListTools.Result(tools: ToolCatalog.list(host, readOnly: readOnly))
        }
        await server.withMethodHandler(RelayedToolCall.self) { [self] params in
            let call = try relay.take(params)
            let facts = try initializedClient()
            return relay.answer(call.number, result: try await callTool(call.params, facts).json)
        }
        await server.withMethodHandler(RawParams<ListResources>.self) { [self] params in
            _ = try initializedClient()
            try MCPParams(ListResources.name, params).refuseCursor()
            return ListResources.Result(resources: try await resources.list())
        }
        await server.withMethodHandler(RawParams<ListResourceTemplates>.self) { [self] params in
            _ = try initializedClient()
            try MCPParams(ListResourceTemplates.name, params).refuseCursor()
            return ListResourceTemplates.Result(templates: ResourceCatalog.templates(grammar: host.grammar))
        }
        await server.withMethodHandler(RawParams<ReadResource>.self) { [self] params in
            _ = try initializedClient()
            let fields = try MCPParams(ReadResource.name, params)
            let uri = try fields.string("uri")
            let progress = ProgressReporter(server: server, token: try fields.progressToken(), what: "reading \(uri)")
            let stop = CallStop()
            do {
                let contents = try await withTaskCancellationHandler {
                    try await resources.read(uri, stop: stop, progress: progress.onWait)
                } onCancel: {
                    stop.stop("cancelled by the client")
                }
                await progress.finish()
                return ReadResource.Result(contents: contents)
            } catch {
                await progress.finish()
                throw stop.reason != nil ? CancellationError() : error
            }
        }
    }

    /// A `tools/call` from its params as the client sent them.
    private func callTool(_ params: JSONValue, _ facts: ClientFacts) async throws -> ToolAnswer {
        guard case .string(let name)? = params["name"] else { throw MCPError.invalidParams("tools/call: params.name is missing; it is a string") }
        let arguments: [String: JSONValue]
        switch params["arguments"] {
        case nil, .null?: arguments = [:]
        case .object(let fields)?: arguments = fields
        default: throw MCPError.invalidParams("tools/call: params.arguments must be an object")
        }
        let token = try MCPParams.progressToken(params["_meta"]?["progressToken"].map(Value.init), method: CallTool.name)
        let call: ToolCatalog.Call
        do {
            guard let known = try ToolCatalog.call(name, arguments, readOnly: readOnly) else {
                let names = ToolCatalog.tools(readOnly: readOnly).map { $0.name }.joined(separator: ", ")
                throw MCPError.invalidParams("Unknown tool: \(name); the tools are \(names)")
            }
            call = known
        } catch let failure as ToolFailure {
            return ToolAnswer(failure)
        }
        let progress = ProgressReporter(server: server, token: token, what: call.activity)
        let stop = CallStop()
        let elicit: (@Sendable (String, Elicitation.RequestSchema) async throws -> CreateElicitation.Result)? =
            facts.elicitation ? { @Sendable [server] message, schema in try await server.requestElicitation(message: message, requestedSchema: schema) } : nil
        let context = ToolContext(session: session, host: host, stop: stop, progress: progress.onWait, elicit: elicit)
        do {
            let answer = try await withTaskCancellationHandler {
                try await call.run(context)
            } onCancel: {
                stop.stop("cancelled by the client")
            }
            await progress.finish()
            // Cancelled while the human was asked: MCP sends no answer at all.
            if Task.isCancelled { throw CancellationError() }
            return answer
        } catch let stopped as CallStopped {
            await progress.finish()
            // Cancelled by the client: MCP sends no answer at all.
            if Task.isCancelled { throw CancellationError() }
            return ToolAnswer(ToolFailure("\(name) stopped: \(stopped.reason)"))
        } catch {
            await progress.finish()
            throw error
        }
    }
}
