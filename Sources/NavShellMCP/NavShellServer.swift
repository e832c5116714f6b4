import Foundation
import MCP
import NavClient
import NavProtocol

/// The MCP server: the SDK's `Server` on a `LineTransport`, with NavShell's handlers for
/// initialize, the tools and the resources. It answers until stdin ends or `stop()`.
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
    private let transport = LineTransport()
    private let tools: ToolRunner
    private let resources: ResourceReader
    private let info: Server.Info
    private let initialized = InitializeState()

    init(tools: ToolRunner, resources: ResourceReader, version: String) {
        self.tools = tools
        self.resources = resources
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

    private func register() async {
        let capabilities = await server.capabilities
        await server.withMethodHandler(RawParams<Initialize>.self) { [info, initialized] params in
            let fields = try MCPParams(Initialize.name, params)
            let requested = try fields.string("protocolVersion")
            guard initialized.markInitialized() else { throw MCPError.invalidRequest("initialize was already sent") }
            return Initialize.Result(
                protocolVersion: Self.negotiate(requested), capabilities: capabilities, serverInfo: info, instructions: Self.instructions)
        }
        await server.withMethodHandler(RawParams<ListTools>.self) { [tools, initialized] params in
            try initialized.check()
            try MCPParams(ListTools.name, params).refuseCursor()
            return ListTools.Result(tools: NavTools.list(catalog: tools.catalog))
        }
        await server.withMethodHandler(RawParams<CallTool>.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server has ended") }
            try initialized.check()
            let fields = try MCPParams(CallTool.name, params)
            return try await callTool(fields)
        }
        await server.withMethodHandler(RawParams<ListResources>.self) { [resources, initialized] params in
            try initialized.check()
            try MCPParams(ListResources.name, params).refuseCursor()
            return ListResources.Result(resources: try await resources.list())
        }
        await server.withMethodHandler(RawParams<ListResourceTemplates>.self) { [initialized] params in
            try initialized.check()
            try MCPParams(ListResourceTemplates.name, params).refuseCursor()
            return ListResourceTemplates.Result(templates: ResourceCatalog.templates)
        }
        await server.withMethodHandler(RawParams<ReadResource>.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server has ended") }
            try initialized.check()
            let fields = try MCPParams(ReadResource.name, params)
            let uri = try fields.string("uri")
            let progress = ProgressReporter(server: server, token: try fields.progressToken(), what: "reading \(uri)")
            let control = CallControl(onWait: progress.onWait)
            let contents: [Resource.Content]
            do {
                contents = try await withTaskCancellationHandler {
                    try await resources.read(uri, control: control)
                } onCancel: {
                    control.stop()
                }
            } catch {
                await progress.finish()
                throw control.isStopped ? CancellationError() : error
            }
            await progress.finish()
            return ReadResource.Result(contents: contents)
        }
    }

    private func callTool(_ fields: MCPParams) async throws -> CallTool.Result {
        let name = try fields.string("name")
        let arguments = (try fields.object("arguments") ?? [:]).mapValues { JSONValue($0) }
        let request: ToolRequest
        do {
            guard let known = try ToolRequest(name: name, arguments: arguments) else {
                throw MCPError.invalidParams("Unknown tool: \(name); the tools are " + NavTools.Name.allCases.map(\.rawValue).joined(separator: ", "))
            }
            request = known
        } catch let failure as ToolFailure {
            return Self.result(failure)
        }
        let progress = ProgressReporter(server: server, token: try fields.progressToken(), what: Self.describe(request))
        let control = CallControl(onWait: progress.onWait)
        let answer: ScreenAnswer
        do {
            answer = try await withTaskCancellationHandler {
                try await tools.run(request, control: control)
            } onCancel: {
                control.stop()
            }
        } catch let failure as ToolFailure {
            await progress.finish()
            return Self.result(failure)
        } catch let stopped as CallStopped {
            await progress.finish()
            // Cancelled by the client: MCP sends no answer at all.
            if control.isStopped { throw CancellationError() }
            return Self.result(ToolFailure("\(name) stopped: \(stopped.reason)"))
        } catch {
            await progress.finish()
            throw error
        }
        await progress.finish()
        let structured: Value? = Value(answer.structuredContent)
        // A screen shown with a section that failed (a rate limit, the network) is the screen and
        // an error: the text says first what failed, so a model retries or tells the user.
        let failures = answer.failures
        let text = failures.isEmpty ? answer.text : (["Could not load " + failures.joined(separator: "; ")] + [answer.text]).joined(separator: "\n\n")
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: failures.isEmpty ? nil : true)
    }

    static func result(_ failure: ToolFailure) -> CallTool.Result {
        CallTool.Result(content: [.text(text: failure.message, annotations: nil, _meta: nil)], isError: true)
    }

    /// What a progress notification says the call is doing.
    static func describe(_ request: ToolRequest) -> String {
        switch request {
        case .open(let path): return "opening \(path)"
        case .push(let kind, _): return "pushing \(kind)"
        case .search(let text): return "searching '\(text)'"
        case .select(let rowId): return "selecting \(rowId)"
        case .back: return "going back"
        case .rows: return "reading rows"
        case .stack: return "reading the stack"
        }
    }
}

/// Whether `initialize` has been answered: the other methods wait for it.
final class InitializeState: @unchecked Sendable {
    // `done` is guarded by `lock`.
    private let lock = NSLock()
    private var done = false

    /// Marks the session initialized; false when it already was.
    func markInitialized() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }

    func check() throws(MCPError) {
        lock.lock()
        defer { lock.unlock() }
        guard done else { throw MCPError.invalidRequest("send initialize first") }
    }
}
