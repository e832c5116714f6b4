import ArgumentParser
import NavProtocol
import Transport

/// navhost's options: `navhost serve` reads them, and the tools (`demo`, `run`) pass them on
/// to the host they start.
public struct HostOptions: ParsableArguments {
    public init() {}

    @Option(help: "The root screen's kind (`navhost kinds` lists them).")
    public var root: String = "users"

    @Option(help: "A screens.json file of external screen kinds (repeatable); $XDG_CONFIG_HOME/navshell/screens.json is read too when it exists.")
    public var screens: [String] = []

    @Option(help: "The root screen's params as a JSON object, e.g. '{\"login\":\"mojombo\"}' for --root repositories.")
    public var rootParams: String?

    @Option(help: "A snapshot database to read instead of the embedded one.")
    public var data: String?

    @Option(help: "Where screens read GitHub data: snapshot (embedded, or --data) or github (the live REST API; GITHUB_TOKEN is passed to its workers only).")
    public var source: String = "snapshot"

    @Option(help: "The GitHub API's base URL for --source github (GitHub Enterprise: https://HOST/api/v3).")
    public var apiURL: String = "https://api.github.com"

    @Option(help: "The live source's response cache file (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    public var cache: String?

    @Option(help: "Screens nearest the top that keep a running worker; deeper ones hibernate and wake from their restoration token when needed (0: never hibernate).")
    public var awakeScreens: Int = 6

    @Flag(inversion: .prefixedNo, help: "Keep one screen-worker started ahead of the next push, so a push only waits for the screen to open.")
    public var warmSpare = true

    @Option(help: "Items per page the live source asks GitHub for (1-100).")
    public var perPage: Int = 30

    @Option(help: "The live source's response cache bound, in bytes.")
    public var cacheBytes: Int = 32 << 20

    @Option(help: "Milliseconds a screen waits after a query for a newer one before loading (0: at once).")
    public var queryDebounce: UInt64 = 0

    @Option(help: "Log level on stderr: debug, info, warning or error.")
    public var logLevel: String = "warning"

    @Option(help: "The largest message accepted, in bytes.")
    public var maxMessageBytes: Int = 16 << 20

    @Option(help: "Seconds a screen has to answer one request.")
    public var requestTimeout: Double = 10

    @Option(help: "Seconds a popped screen has to exit before SIGTERM (and again before SIGKILL).")
    public var stopGrace: Double = 2

    @OptionGroup public var reliability: ReliabilityOptions

    public func validate() throws {
        if let reason = ScreenKind.nameError(root) { throw ValidationError("--root: \(reason)") }
        if let rootParams {
            guard case .object? = try? JSONValue(parsing: rootParams) else {
                throw ValidationError("--root-params must be a JSON object, got: \(rootParams)")
            }
        }
        guard awakeScreens >= 0 else { throw ValidationError("--awake-screens must be 0 or more") }
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 100") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must not be negative") }
        guard ["snapshot", "github"].contains(source) else { throw ValidationError("--source must be snapshot or github, not '\(source)'") }
        guard LogLevel(name: logLevel) != nil else { throw ValidationError("unknown log level '\(logLevel)'") }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
        guard requestTimeout > 0, stopGrace > 0 else { throw ValidationError("timeouts must be positive") }
        try reliability.validate()
    }

    /// The same options as command-line words, to start a host with them.
    public var arguments: [String] {
        var words = ["--root", root, "--log-level", logLevel, "--max-message-bytes", String(maxMessageBytes),
                     "--request-timeout", String(requestTimeout), "--stop-grace", String(stopGrace)]
        if let rootParams { words += ["--root-params", rootParams] }
        for file in screens { words += ["--screens", file] }
        if let data { words += ["--data", data] }
        words += ["--source", source, "--api-url", apiURL, "--query-debounce", String(queryDebounce)]
        if let cache { words += ["--cache", cache] }
        words += ["--per-page", String(perPage), "--cache-bytes", String(cacheBytes), "--awake-screens", String(awakeScreens)]
        words.append(warmSpare ? "--warm-spare" : "--no-warm-spare")
        return words + reliability.arguments
    }
}
