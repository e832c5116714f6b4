import NavProtocol
import Transport

/// What navhost's command line sets, as plain values: the defaults, the rules a command line
/// must keep, and the command line that sets them again. Two readers fill it: ArgumentParser
/// (`HostOptions`, every form, help and errors) and `HostSettings(reading:)` (the plain form a
/// client or a tool writes, without ArgumentParser). Plain code over plain values, so that
/// reading it costs the Swift runtime no type look-ups (docs/performance.md, "navhost's start").
public struct HostSettings: Equatable, Sendable {
    public var root = "users"
    public var screens: [String] = []
    public var rootParams: String?
    public var data: String?
    public var source = "snapshot"
    public var apiURL = "https://api.github.com"
    public var cache: String?
    public var awakeScreens = 6
    public var warmSpare = true
    public var perPage = 30
    public var cacheBytes = 32 << 20
    public var queryDebounce: UInt64 = 0
    public var logLevel = "warning"
    public var maxMessageBytes = 16 << 20
    public var requestTimeout: Double = 10
    public var stopGrace: Double = 2
    public var reliability = ReliabilitySettings()

    public init() {}

    /// The longest duration in seconds an option takes (about 31 years): durations become
    /// milliseconds in a `UInt64`, and infinity or 1e300 would not fit.
    public static let maxSeconds: Double = 1_000_000_000

    /// Why these settings cannot start a host, or nil when they can.
    public var validationError: String? {
        if let reason = ScreenKind.nameError(root) { return "--root: \(reason)" }
        if let rootParams {
            guard case .object? = try? JSONValue(parsing: rootParams) else { return "--root-params must be a JSON object, got: \(rootParams)" }
        }
        if awakeScreens < 0 { return "--awake-screens must be 0 or more" }
        if perPage < 1 || perPage > 100 { return "--per-page must be between 1 and 100" }
        if cacheBytes < 0 { return "--cache-bytes must not be negative" }
        if source != "snapshot" && source != "github" { return "--source must be snapshot or github, not '\(source)'" }
        if LogLevel(name: logLevel) == nil { return "unknown log level '\(logLevel)'" }
        if maxMessageBytes < 1024 { return "--max-message-bytes must be at least 1024" }
        if !(requestTimeout > 0 && requestTimeout <= Self.maxSeconds && stopGrace > 0 && stopGrace <= Self.maxSeconds) {
            return "timeouts must be positive, and at most \(Int(Self.maxSeconds)) seconds"
        }
        return reliability.validationError
    }

    /// The same settings as command-line words, every option spelled out, to start a host with them.
    public var arguments: [String] {
        var words: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { words += ["--" + name, value] }
        }
        add(HostFlag.root, root)
        add(HostFlag.logLevel, logLevel)
        add(HostFlag.maxMessageBytes, String(maxMessageBytes))
        add(HostFlag.requestTimeout, String(requestTimeout))
        add(HostFlag.stopGrace, String(stopGrace))
        add(HostFlag.rootParams, rootParams)
        for file in screens { add(HostFlag.screens, file) }
        add(HostFlag.data, data)
        add(HostFlag.source, source)
        add(HostFlag.apiURL, apiURL)
        add(HostFlag.queryDebounce, String(queryDebounce))
        add(HostFlag.cache, cache)
        add(HostFlag.perPage, String(perPage))
        add(HostFlag.cacheBytes, String(cacheBytes))
        add(HostFlag.awakeScreens, String(awakeScreens))
        words.append((warmSpare ? "--" : "--no-") + HostFlag.warmSpare)
        add(HostFlag.maxRestarts, String(reliability.maxRestarts))
        add(HostFlag.restartWindow, String(reliability.restartWindow))
        add(HostFlag.pingInterval, String(reliability.pingInterval))
        add(HostFlag.clientOutputHighWater, String(reliability.clientOutputHighWater))
        add(HostFlag.maxPendingInput, String(reliability.maxPendingInput))
        add(HostFlag.maxBatch, String(reliability.maxBatch))
        add(HostFlag.maxStackDepth, String(reliability.maxStackDepth))
        add(HostFlag.workerOpenFiles, String(reliability.workerOpenFiles))
        add(HostFlag.workerMemoryMb, String(reliability.workerMemoryMb))
        add(HostFlag.workerCpuSeconds, String(reliability.workerCpuSeconds))
        if reliability.enableDebugMethods { words.append("--" + HostFlag.enableDebugMethods) }
        return words
    }
}

/// The options of docs/reliability.md, as plain values.
public struct ReliabilitySettings: Equatable, Sendable {
    public var enableDebugMethods = false
    public var maxRestarts = 3
    public var restartWindow: Double = 30
    public var pingInterval: Double = 5
    public var clientOutputHighWater = 4 << 20
    public var maxPendingInput = 64 << 20
    public var maxBatch = 10_000
    public var maxStackDepth = 5_000
    public var workerOpenFiles: UInt64 = 256
    public var workerMemoryMb: UInt64 = 4096
    public var workerCpuSeconds: UInt64 = 3600

    public init() {}

    public var validationError: String? {
        if maxRestarts < 0 { return "--max-restarts must be 0 or more" }
        if !(restartWindow > 0 && restartWindow <= HostSettings.maxSeconds && pingInterval >= 0 && pingInterval <= HostSettings.maxSeconds) {
            return "--restart-window must be positive, --ping-interval 0 or more, both at most \(Int(HostSettings.maxSeconds)) seconds"
        }
        if clientOutputHighWater < 1024 || maxPendingInput < 1 << 20 {
            return "--client-output-high-water must be at least 1024 bytes, --max-pending-input at least 1 MiB"
        }
        if maxBatch < 1 || maxStackDepth < 1 { return "--max-batch and --max-stack-depth must be at least 1" }
        // The limit is set in bytes, a UInt64.
        if workerMemoryMb > UInt64.max >> 20 { return "--worker-memory-mb must be at most \(UInt64.max >> 20)" }
        return nil
    }
}
