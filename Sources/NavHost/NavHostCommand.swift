import ArgumentParser
import Glibc
import NavProtocol
import Transport

@main
struct NavHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navhost",
        abstract: "A headless navigation shell: JSON-RPC 2.0 on stdin/stdout, one worker process per screen.",
        version: ClientSession.version,
        subcommands: [Serve.self, Demo.self, Run.self, Replay.self],
        defaultSubcommand: Serve.self
    )
}

/// Options shared by `serve` and `demo`.
struct HostOptions: ParsableArguments {
    @Option(help: "The root screen's kind: users, repositories or repository.")
    var root: String = ScreenKind.users.rawValue

    @Option(help: "The root screen's params as a JSON object, e.g. '{\"login\":\"mojombo\"}' for --root repositories.")
    var rootParams: String?

    @Option(help: "A snapshot database to read instead of the embedded one.")
    var data: String?

    @Option(help: "Log level on stderr: debug, info, warning or error.")
    var logLevel: String = "warning"

    @Option(help: "The largest message accepted, in bytes.")
    var maxMessageBytes: Int = 16 << 20

    @Option(help: "Seconds a screen has to answer one request.")
    var requestTimeout: Double = 10

    @Option(help: "Seconds a popped screen has to exit before SIGTERM (and again before SIGKILL).")
    var stopGrace: Double = 2

    @OptionGroup var reliability: ReliabilityOptions

    func validate() throws {
        guard ScreenKind(rawValue: root) != nil else {
            throw ValidationError("unknown root kind '\(root)'; known kinds: \(ScreenKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let rootParams {
            guard case .object? = try? JSONValue(parsing: rootParams) else {
                throw ValidationError("--root-params must be a JSON object, got: \(rootParams)")
            }
        }
        guard LogLevel(name: logLevel) != nil else { throw ValidationError("unknown log level '\(logLevel)'") }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
        guard requestTimeout > 0, stopGrace > 0 else { throw ValidationError("timeouts must be positive") }
        try reliability.validate()
    }

    var configuration: HostConfiguration {
        var configuration = HostConfiguration()
        configuration.rootKind = ScreenKind(rawValue: root) ?? .users
        configuration.rootParams = rootParams.flatMap { try? JSONValue(parsing: $0) }
        configuration.dataPath = data
        configuration.logLevel = LogLevel(name: logLevel) ?? .warning
        configuration.maxMessageBytes = maxMessageBytes
        configuration.requestTimeoutMilliseconds = UInt64(requestTimeout * 1000)
        configuration.stopGraceMilliseconds = UInt64(stopGrace * 1000)
        reliability.apply(to: &configuration)
        return configuration
    }

    /// The same options as command-line words, to start a host with them.
    var arguments: [String] {
        var words = ["--root", root, "--log-level", logLevel, "--max-message-bytes", String(maxMessageBytes),
                     "--request-timeout", String(requestTimeout), "--stop-grace", String(stopGrace)]
        if let rootParams { words += ["--root-params", rootParams] }
        if let data { words += ["--data", data] }
        return words + reliability.arguments
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
