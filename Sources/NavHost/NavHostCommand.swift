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
    @Option(help: ArgumentHelp("The root screen's kind: \(ScreenKind.allCases.map(\.rawValue).joined(separator: ", "))."))
    var root: String = ScreenKind.users.rawValue

    @Option(help: "The root screen's params as a JSON object, e.g. '{\"login\":\"mojombo\"}' for --root repositories.")
    var rootParams: String?

    @Option(help: "A snapshot database to read instead of the embedded one.")
    var data: String?

    @Option(help: "Where screens read GitHub data: snapshot (embedded, or --data) or github (the live REST API; GITHUB_TOKEN is passed to its workers only).")
    var source: String = "snapshot"

    @Option(help: "The GitHub API's base URL for --source github (GitHub Enterprise: https://HOST/api/v3).")
    var apiURL: String = "https://api.github.com"

    @Option(help: "The live source's response cache file (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    var cache: String?

    @Option(help: "Items per page the live source asks GitHub for (1-100).")
    var perPage: Int = 30

    @Option(help: "The live source's response cache bound, in bytes.")
    var cacheBytes: Int = 32 << 20

    @Option(help: "Milliseconds a screen waits after a query for a newer one before loading (0: at once).")
    var queryDebounce: UInt64 = 0

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
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 100") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must not be negative") }
        guard ["snapshot", "github"].contains(source) else { throw ValidationError("--source must be snapshot or github, not '\(source)'") }
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
        configuration.liveSettings = LiveSourceSettings(apiURL: apiURL, cachePath: cache, perPage: perPage, cacheBytes: cacheBytes)
        configuration.liveSource = source == "github" ? configuration.liveSettings : nil
        configuration.queryDebounceMilliseconds = queryDebounce
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
        words += ["--source", source, "--api-url", apiURL, "--query-debounce", String(queryDebounce)]
        if let cache { words += ["--cache", cache] }
        words += ["--per-page", String(perPage), "--cache-bytes", String(cacheBytes)]
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
