import NavProtocol

/// The rules a worker's settings keep, and the forms a worker uses some of them in.
/// `WorkerSettings` itself, with every option's name, type, default and help, is generated from
/// Sources/HostOptions/options.json (HostOptionsPlugin), where an option navhost passes on is
/// declared once for both; navhost checks the same rules (`HostSettings.validationError`).
extension WorkerSettings {
    /// The data sources: the embedded SQLite snapshot (or `--data`), and the live REST API
    /// (`screen-worker-live` only).
    public static let sources = ["snapshot", "github"]

    /// Why these settings cannot start a worker, or nil when they can.
    public var validationError: String? {
        if perPage < 1 || perPage > 100 { return "--per-page must be between 1 and 100" }
        if cacheBytes < 0 { return "--cache-bytes must not be negative" }
        if !Self.sources.contains(source) { return "--source must be snapshot or github, not '\(source)'" }
        if LogLevel(name: logLevel) == nil { return "unknown log level '\(logLevel)'" }
        // The limit is set in bytes, a UInt64.
        if workerMemoryMb > UInt64.max >> 20 { return "--worker-memory-mb must be at most \(UInt64.max >> 20)" }
        return nil
    }

    /// Whether screens read the live GitHub API (`--source github`) rather than the snapshot.
    public var readsLiveSource: Bool { source == "github" }

    /// The resource limits the options set, 0 meaning inherited.
    public var limits: WorkerLimits {
        WorkerLimits(
            openFiles: workerOpenFiles == 0 ? nil : workerOpenFiles,
            addressSpaceBytes: workerMemoryMb == 0 ? nil : workerMemoryMb << 20,
            cpuSeconds: workerCpuSeconds == 0 ? nil : workerCpuSeconds)
    }
}

/// Resource limits a worker sets on itself first thing (setrlimit); nil: inherited.
public struct WorkerLimits: Equatable, Sendable {
    public var openFiles: UInt64?
    public var addressSpaceBytes: UInt64?
    public var cpuSeconds: UInt64?

    public init(openFiles: UInt64? = nil, addressSpaceBytes: UInt64? = nil, cpuSeconds: UInt64? = nil) {
        self.openFiles = openFiles
        self.addressSpaceBytes = addressSpaceBytes
        self.cpuSeconds = cpuSeconds
    }
}

/// A worker command line navhost writes: serve a screen, or run an external worker's command
/// under the limits every worker keeps.
public enum WorkerInvocation: Equatable, Sendable {
    /// `screen-worker [serve] [flags]`
    case serve(WorkerSettings)
    /// `screen-worker exec [flags every worker takes] -- command...`: only those of the settings
    /// are written and read.
    case exec(WorkerSettings, command: [String])
}
