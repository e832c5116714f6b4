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
        subcommands: [Serve.self, ClientTool.Demo.self, ClientTool.Run.self, ClientTool.Replay.self, ClientTool.Show.self],
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
        let host = try Host(configuration: options.configuration)
        let recorder = try record.map { try SessionRecorder(path: $0, connection: host.client, loop: host.loop, hostArguments: options.arguments) }
        let code = try withExtendedLifetime(recorder) { try host.run() }
        if code != 0 { throw ExitCode(code) }
    }
}
