/// The flags of `navhost serve`, each named once: `HostSettings.arguments` writes them,
/// `ServeCommandLine(reading:)` reads them, and `HostOptions` declares its ArgumentParser
/// options under these names.
public enum HostFlag {
    public static let root = "root"
    public static let screens = "screens"
    public static let rootParams = "root-params"
    public static let data = "data"
    public static let source = "source"
    public static let apiURL = "api-url"
    public static let cache = "cache"
    public static let awakeScreens = "awake-screens"
    /// With `--no-` before it, the flag's inversion.
    public static let warmSpare = "warm-spare"
    public static let perPage = "per-page"
    public static let cacheBytes = "cache-bytes"
    public static let queryDebounce = "query-debounce"
    public static let logLevel = "log-level"
    public static let maxMessageBytes = "max-message-bytes"
    public static let requestTimeout = "request-timeout"
    public static let stopGrace = "stop-grace"
    public static let enableDebugMethods = "enable-debug-methods"
    public static let maxRestarts = "max-restarts"
    public static let restartWindow = "restart-window"
    public static let pingInterval = "ping-interval"
    public static let clientOutputHighWater = "client-output-high-water"
    public static let maxPendingInput = "max-pending-input"
    public static let maxBatch = "max-batch"
    public static let maxStackDepth = "max-stack-depth"
    public static let workerOpenFiles = "worker-open-files"
    public static let workerMemoryMb = "worker-memory-mb"
    public static let workerCpuSeconds = "worker-cpu-seconds"
    /// `serve`'s own option, not a host setting.
    public static let record = "record"
}

/// `navhost [serve] OPTIONS`: what to serve with, and where to record the session.
public struct ServeCommandLine: Equatable, Sendable {
    public var settings: HostSettings
    public var record: String?

    public init(settings: HostSettings, record: String? = nil) {
        self.settings = settings
        self.record = record
    }

    /// Reads the plain form of a serve command line without ArgumentParser: optionally `serve`,
    /// then flags spelled out (`--name value`), none twice but `--screens`, no value that is
    /// empty or begins with "-", settings that pass `validationError`. Anything else (help,
    /// `--version`, the other subcommands, `--name=value`, an error to explain) is nil and left to
    /// ArgumentParser, which reads every form into the same settings. Reading here saves
    /// navhost's start about 2 ms, the Swift runtime's first look-ups of ArgumentParser's types
    /// (docs/performance.md, "navhost's start"); like `WorkerInvocation(reading:)`, it is plain
    /// code over strings, without key paths or tables of closures, for the same reason.
    public init?(reading arguments: [String]) {
        var rest = arguments[...]
        if rest.first == "serve" { rest = rest.dropFirst() }
        var commandLine = ServeCommandLine(settings: HostSettings())
        var seen: [String] = []
        while let token = rest.popFirst() {
            guard token.hasPrefix("--") else { return nil }
            let name = String(token.dropFirst(2))
            // `--warm-spare` and `--no-warm-spare` set one setting: one of them, once.
            let setting = name == "no-" + HostFlag.warmSpare ? HostFlag.warmSpare : name
            guard setting == HostFlag.screens || !seen.contains(setting) else { return nil }
            seen.append(setting)
            switch name {
            case HostFlag.warmSpare: commandLine.settings.warmSpare = true
            case "no-" + HostFlag.warmSpare: commandLine.settings.warmSpare = false
            case HostFlag.enableDebugMethods: commandLine.settings.reliability.enableDebugMethods = true
            default:
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"), commandLine.set(name, to: value) else { return nil }
            }
        }
        guard commandLine.settings.validationError == nil else { return nil }
        self = commandLine
    }

    /// Sets an option that takes a value; false for a name it does not know or a value that does
    /// not parse (as ArgumentParser parses it: the type's `init?(_: String)`).
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case HostFlag.root: settings.root = value
        case HostFlag.screens: settings.screens.append(value)
        case HostFlag.rootParams: settings.rootParams = value
        case HostFlag.data: settings.data = value
        case HostFlag.source: settings.source = value
        case HostFlag.apiURL: settings.apiURL = value
        case HostFlag.cache: settings.cache = value
        case HostFlag.logLevel: settings.logLevel = value
        case HostFlag.record: record = value
        case HostFlag.awakeScreens: return Int(value).map { settings.awakeScreens = $0 } != nil
        case HostFlag.perPage: return Int(value).map { settings.perPage = $0 } != nil
        case HostFlag.cacheBytes: return Int(value).map { settings.cacheBytes = $0 } != nil
        case HostFlag.queryDebounce: return UInt64(value).map { settings.queryDebounce = $0 } != nil
        case HostFlag.maxMessageBytes: return Int(value).map { settings.maxMessageBytes = $0 } != nil
        case HostFlag.requestTimeout: return Double(value).map { settings.requestTimeout = $0 } != nil
        case HostFlag.stopGrace: return Double(value).map { settings.stopGrace = $0 } != nil
        case HostFlag.maxRestarts: return Int(value).map { settings.reliability.maxRestarts = $0 } != nil
        case HostFlag.restartWindow: return Double(value).map { settings.reliability.restartWindow = $0 } != nil
        case HostFlag.pingInterval: return Double(value).map { settings.reliability.pingInterval = $0 } != nil
        case HostFlag.clientOutputHighWater: return Int(value).map { settings.reliability.clientOutputHighWater = $0 } != nil
        case HostFlag.maxPendingInput: return Int(value).map { settings.reliability.maxPendingInput = $0 } != nil
        case HostFlag.maxBatch: return Int(value).map { settings.reliability.maxBatch = $0 } != nil
        case HostFlag.maxStackDepth: return Int(value).map { settings.reliability.maxStackDepth = $0 } != nil
        case HostFlag.workerOpenFiles: return UInt64(value).map { settings.reliability.workerOpenFiles = $0 } != nil
        case HostFlag.workerMemoryMb: return UInt64(value).map { settings.reliability.workerMemoryMb = $0 } != nil
        case HostFlag.workerCpuSeconds: return UInt64(value).map { settings.reliability.workerCpuSeconds = $0 } != nil
        default: return false
        }
        return true
    }
}
