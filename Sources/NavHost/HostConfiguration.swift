import NavProtocol
import Transport

/// Everything the command line can set for a host.
struct HostConfiguration {
    var rootKind: ScreenKind = .users
    var rootParams: JSONValue?
    var dataPath: String?
    /// Set when screens read the live GitHub API instead of the snapshot.
    var liveSource: LiveSourceSettings?
    /// The live source's options as given, for a session whose `initialize` chooses it.
    var liveSettings = LiveSourceSettings(apiURL: "https://api.github.com")
    /// Milliseconds a screen waits after a query for a newer one before loading (0: at once).
    var queryDebounceMilliseconds: UInt64 = 0
    var logLevel: LogLevel = .warning
    var maxMessageBytes = 16 << 20
    /// How long a worker has to answer one request.
    var requestTimeoutMilliseconds: UInt64 = 10_000
    /// How long a popped worker has after `shutdown` before SIGTERM, and again before SIGKILL.
    var stopGraceMilliseconds: UInt64 = 2_000
    /// Where screen-worker is: beside navhost unless a test says otherwise.
    var workerDirectory = WorkerLauncher.ownDirectory()
}

struct LiveSourceSettings {
    var apiURL: String
    var cachePath: String?
    var perPage = 30
    var cacheBytes = 32 << 20
}
