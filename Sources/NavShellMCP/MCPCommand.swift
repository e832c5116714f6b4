import ArgumentParser
import Dispatch
import Glibc
import HostOptions
import NavClient

/// `navhost mcp [--read-only] [host options]`: an MCP server on stdin and stdout. It starts
/// navhost with the host options, for the tools, and answers until the client closes stdin or
/// SIGTERM comes; then it ends navhost, which ends every screen's worker.
@main
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navhost mcp",
        abstract: "Serve NavShell's screens to AI agents over MCP (stdio): tools to browse, navshell:// resources to read.",
        discussion: """
            Add it to an MCP client as a stdio server, e.g. `claude mcp add navshell -- navhost mcp`. \
            The host options choose the data (--source, --data, --screens, --root ...) as for navhost serve. \
            See docs/mcp.md.
            """)

    @Flag(help: "List no tool that writes (perform): the agent can browse and read, and change nothing.")
    var readOnly = false

    @OptionGroup var options: HostOptions

    func run() async throws {
        // A client that closes stdout must not kill the server before it has ended navhost.
        signal(SIGPIPE, SIG_IGN)
        let navhost = BuildProducts.path(of: "navhost")
        let session = NavSession(name: "navhost-mcp tools", executable: navhost, arguments: options.arguments)
        let hello: InitializeRequest.Response
        do {
            hello = try await session.start()
        } catch {
            FileOutput.write("navhost mcp: navhost did not start: \(error)\n", to: 2)
            await session.close()
            throw ExitCode(1)
        }
        let reader = ResourceReader(tools: session, executable: navhost, arguments: options.arguments)
        let server = NavShellServer(
            session: session,
            host: HostFacts(catalog: hello.capabilities.screens, grammar: await session.deepLinkGrammar(), writes: hello.capabilities.actions.writes),
            readOnly: readOnly, resources: reader,
            version: hello.serverInfo.version)
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await server.stop() } }
            source.resume()
            return source
        }
        try await server.run()
        await session.close()
        await reader.close()
        await server.flush()
        signals.forEach { $0.cancel() }
    }
}
