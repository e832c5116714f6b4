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
        subcommands: [Serve.self, Kinds.self, ClientTool.Demo.self, ClientTool.Run.self, ClientTool.Replay.self, ClientTool.Show.self],
        defaultSubcommand: Serve.self
    )

    /// `demo`, `run`, `replay` and `show` are handed to navhost-tools before parsing, so their own help
    /// and options apply; the host process never loads them.
    static func main() {
        ClientTool.handOver(CommandLine.arguments)
        main(nil)
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the navigation protocol on stdin/stdout (the default).")

    @OptionGroup var options: HostOptions

    @Option(help: "Record every client<->host message with its time to this file (JSON lines), for `navhost replay`.")
    var record: String?

    func run() throws {
        let configuration = options.configuration
        let catalog: ScreenCatalog
        do {
            catalog = try ScreenCatalog.load(workerDirectory: configuration.workerDirectory, screensFiles: configuration.screensFiles)
        } catch {
            throw ValidationError(error.description)
        }
        guard catalog.entry(configuration.rootKind) != nil else {
            let known = catalog.descriptors.map(\.kind.rawValue).joined(separator: ", ")
            throw ValidationError("unknown root kind '\(configuration.rootKind.rawValue)'; known kinds: \(known)")
        }
        if let error = catalog.pushError(kind: configuration.rootKind, params: configuration.rootParams) {
            throw ValidationError("--root-params: \(error.message)")
        }
        let host = try Host(configuration: configuration, catalog: catalog)
        let recorder = try record.map { try SessionRecorder(path: $0, connection: host.client, loop: host.loop, hostArguments: options.arguments) }
        let code = try withExtendedLifetime(recorder) { try host.run() }
        if code != 0 { throw ExitCode(code) }
    }
}
