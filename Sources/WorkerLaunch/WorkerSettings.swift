/// What navhost tells a built-in screen worker when it starts one: written by navhost as the
/// worker's command line and read back by the worker (`WorkerInvocation`).
public struct WorkerSettings: Equatable, Sendable {
    /// navhost's pid: the worker dies with that process.
    public var hostPid: Int32?
    public var limits = WorkerLimits()
    /// debug, info, warning or error.
    public var logLevel = "warning"
    public var dataSource = DataSourceSettings()
    /// How long a query waits for the next keystroke before it loads (0: at once).
    public var debounceMilliseconds: UInt64 = 0
    /// Answer the debug/* fault-injection methods.
    public var enablesDebugMethods = false
    /// Rehearse a push while waiting for `worker/open` (navhost's warm spare).
    public var rehearses = false

    public init() {}
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

/// Where a worker's screens read GitHub data.
public struct DataSourceSettings: Equatable, Sendable {
    public enum Source: String, Equatable, Sendable, CaseIterable {
        /// The embedded SQLite snapshot, or `snapshotPath`.
        case snapshot
        /// The live REST API (screen-worker-live only).
        case github
    }

    public var source = Source.snapshot
    /// A snapshot database to read instead of the embedded one.
    public var snapshotPath: String?
    /// The live API's base URL (nil: https://api.github.com).
    public var apiURL: String?
    /// The live source's response cache (nil: the default under XDG_CACHE_HOME).
    public var cachePath: String?
    /// The response cache's bound in bytes (nil: the default).
    public var cacheBytes: Int?
    /// Items per page asked of GitHub.
    public var perPage = DataSourceSettings.defaultPerPage
    /// GitHub's own default page size; navhost's `--per-page` defaults to it too (options.json).
    public static let defaultPerPage = 30
    /// The local state database of the snapshot's writes (nil: the default under XDG_STATE_HOME).
    public var statePath: String?
    /// Whether actions may write to GitHub (the live source; `--allow-writes`).
    public var allowsWrites = false

    public init() {}
}

/// A worker command line navhost writes: serve a screen, or run an external worker's command
/// under the worker limits.
public enum WorkerInvocation: Equatable, Sendable {
    /// `screen-worker [serve] [flags]`
    case serve(WorkerSettings)
    /// `screen-worker exec [--host-pid N] [limits] -- command...`
    case exec(hostPid: Int32?, limits: WorkerLimits, command: [String])
}
