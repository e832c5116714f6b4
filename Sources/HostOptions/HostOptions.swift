import ArgumentParser

/// navhost's options as ArgumentParser reads them (help, every form, errors): `navhost serve`
/// reads them when `ServeCommandLine(reading:)` leaves a command line to it, and the tools
/// (`demo`, `run`, `show`) pass them on to the host they start. Their names are `HostFlag`'s,
/// their defaults and rules `HostSettings`'s.
public struct HostOptions: ParsableArguments {
    public init() {}

    private static let defaults = HostSettings()

    @Option(name: .customLong(HostFlag.root), help: "The root screen's kind (`navhost kinds` lists them).")
    public var root: String = Self.defaults.root

    @Option(name: .customLong(HostFlag.screens), help: "A screens.json file of external screen kinds (repeatable); $XDG_CONFIG_HOME/navshell/screens.json is read too when it exists.")
    public var screens: [String] = Self.defaults.screens

    @Option(name: .customLong(HostFlag.rootParams), help: "The root screen's params as a JSON object, e.g. '{\"login\":\"mojombo\"}' for --root repositories.")
    public var rootParams: String?

    @Option(name: .customLong(HostFlag.data), help: "A snapshot database to read instead of the embedded one.")
    public var data: String?

    @Option(name: .customLong(HostFlag.source), help: "Where screens read GitHub data: snapshot (embedded, or --data) or github (the live REST API; GITHUB_TOKEN is passed to its workers only).")
    public var source: String = Self.defaults.source

    @Option(name: .customLong(HostFlag.apiURL), help: "The GitHub API's base URL for --source github (GitHub Enterprise: https://HOST/api/v3).")
    public var apiURL: String = Self.defaults.apiURL

    @Option(name: .customLong(HostFlag.cache), help: "The live source's response cache file (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    public var cache: String?

    @Option(name: .customLong(HostFlag.awakeScreens), help: "Screens nearest the top that keep a running worker; deeper ones hibernate and wake from their restoration token when needed (0: never hibernate).")
    public var awakeScreens: Int = Self.defaults.awakeScreens

    @Flag(name: .customLong(HostFlag.warmSpare), inversion: .prefixedNo, help: "Keep one screen-worker started ahead of the next push, so a push only waits for the screen to open.")
    public var warmSpare = Self.defaults.warmSpare

    @Option(name: .customLong(HostFlag.perPage), help: "Items per page the live source asks GitHub for (1-100).")
    public var perPage: Int = Self.defaults.perPage

    @Option(name: .customLong(HostFlag.cacheBytes), help: "The live source's response cache bound, in bytes.")
    public var cacheBytes: Int = Self.defaults.cacheBytes

    @Option(name: .customLong(HostFlag.queryDebounce), help: "Milliseconds a screen waits after a query for a newer one before loading (0: at once).")
    public var queryDebounce: UInt64 = Self.defaults.queryDebounce

    @Option(name: .customLong(HostFlag.logLevel), help: "Log level on stderr: debug, info, warning or error.")
    public var logLevel: String = Self.defaults.logLevel

    @Option(name: .customLong(HostFlag.maxMessageBytes), help: "The largest message accepted, in bytes.")
    public var maxMessageBytes: Int = Self.defaults.maxMessageBytes

    @Option(name: .customLong(HostFlag.requestTimeout), help: "Seconds a screen has to answer one request.")
    public var requestTimeout: Double = Self.defaults.requestTimeout

    @Option(name: .customLong(HostFlag.stopGrace), help: "Seconds a popped screen has to exit before SIGTERM (and again before SIGKILL).")
    public var stopGrace: Double = Self.defaults.stopGrace

    @OptionGroup public var reliability: ReliabilityOptions

    public func validate() throws {
        if let error = settings.validationError { throw ValidationError(error) }
    }

    /// What the options say.
    public var settings: HostSettings {
        var settings = HostSettings()
        settings.root = root
        settings.screens = screens
        settings.rootParams = rootParams
        settings.data = data
        settings.source = source
        settings.apiURL = apiURL
        settings.cache = cache
        settings.awakeScreens = awakeScreens
        settings.warmSpare = warmSpare
        settings.perPage = perPage
        settings.cacheBytes = cacheBytes
        settings.queryDebounce = queryDebounce
        settings.logLevel = logLevel
        settings.maxMessageBytes = maxMessageBytes
        settings.requestTimeout = requestTimeout
        settings.stopGrace = stopGrace
        settings.reliability = reliability.settings
        return settings
    }

    /// The same options as command-line words, to start a host with them.
    public var arguments: [String] { settings.arguments }
}
