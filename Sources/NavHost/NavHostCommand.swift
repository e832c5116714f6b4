import ArgumentParser
import HostOptions
import Glibc
import NavProtocol
import Transport

@main
struct NavHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navhost",
        abstract: "A headless navigation shell: JSON-RPC 2.0 on stdin/stdout, one worker process per screen.",
        version: ClientSession.version,
        subcommands: [Serve.self, Kinds.self, ClientTool.Demo.self, ClientTool.Run.self, ClientTool.Replay.self, ClientTool.Show.self, ClientTool.Perform.self, ClientTool.Changes.self, ClientTool.MCP.self],
        defaultSubcommand: Serve.self
    )

    /// `demo`, `run`, `replay` and `show` are handed to navhost-tools before parsing, so their own help
    /// and options apply; the host process never loads them. A serve command line in its plain
    /// form is read without ArgumentParser (`ServeCommandLine(reading:)`); ArgumentParser reads
    /// every other one, and explains what it refuses.
    static func main() {
        ClientTool.handOver(CommandLine.arguments)
        // navhost writes to pipes from its first worker's start on: a worker that exits before
        // reading, or a client that stops reading, fails the write (EPIPE) instead of killing
        // navhost with SIGPIPE. (After the hand-over: an ignored signal stays ignored across exec.)
        signal(SIGPIPE, SIG_IGN)
        if let commandLine = ServeCommandLine(reading: Array(CommandLine.arguments.dropFirst())) {
            Serve.serveReadQuickly(commandLine)
        }
        main(nil)
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the navigation protocol on stdin/stdout (the default).")

    @OptionGroup var options: HostOptions

    @Option(name: .customLong(HostFlag.record), help: "Record every client<->host message with its time to this file (JSON lines), for `navhost replay`.")
    var record: String?

    func run() throws {
        let commandLine = ServeCommandLine(settings: options.settings, record: record)
        try Self.serve(commandLine, on: try Self.prepare(commandLine))
    }

    /// Serves a command line read without ArgumentParser and exits. One navhost cannot start
    /// with (an unknown root kind, a screens file that does not load) returns instead, for
    /// ArgumentParser to read again and explain as it explains every other error.
    static func serveReadQuickly(_ commandLine: ServeCommandLine) {
        guard let host = try? prepare(commandLine) else { return }
        do {
            try serve(commandLine, on: host)
            Glibc.exit(0)
        } catch {
            exit(withError: error)
        }
    }

    /// The host, once it has its kinds (`FirstWorker`) and the command line names a root screen
    /// it can open. A command line read quickly that fails here is prepared again by
    /// ArgumentParser's path (a first worker started twice), which only an error costs.
    private static func prepare(_ commandLine: ServeCommandLine) throws -> Host {
        do {
            return try Host(configuration: .serving(commandLine.settings))
        } catch let error as CatalogError {
            throw ValidationError(error.description)
        }
    }

    private static func serve(_ commandLine: ServeCommandLine, on host: Host) throws {
        let recorder = try commandLine.record.map {
            try SessionRecorder(path: $0, connection: host.client, loop: host.loop, hostArguments: commandLine.settings.arguments)
        }
        let code = try withExtendedLifetime(recorder) { try host.run() }
        if code != 0 { throw ExitCode(code) }
    }
}
