import ProcessSupport
import NavProtocol
import Transport
import WorkerLaunch

/// Everything the command line can set for a host.
struct HostConfiguration {
    var rootKind: ScreenKind = "users"
    /// The screens.json files of external kinds: `--screens`, then the user's own if it exists.
    var screensFiles: [String] = []
    var rootParams: JSONValue?
    var dataPath: String?
    /// Set when screens read the live GitHub API instead of the snapshot.
    var liveSource: LiveSourceSettings?
    /// The live source's options as given, for a session whose `initialize` chooses it.
    var liveSettings = LiveSourceSettings(apiURL: "https://api.github.com")
    /// Milliseconds a screen waits after a query for a newer one before loading (0: at once).
    var queryDebounceMilliseconds: UInt64 = 0
    /// Screens nearest the top that keep a running worker; deeper ones hibernate (0: none do).
    var awakeScreens = 6
    /// Keep one worker started ahead of the next push.
    var keepsWarmSpare = true
    var logLevel: LogLevel = .warning
    var maxMessageBytes = 16 << 20
    /// How long a worker has to answer one request.
    var requestTimeoutMilliseconds: UInt64 = 10_000
    /// How long a popped worker has after `shutdown` before SIGTERM, and again before SIGKILL.
    var stopGraceMilliseconds: UInt64 = 2_000
    /// Where screen-worker is: beside navhost unless a test says otherwise.
    var workerDirectory = ExecutableDirectory.path

    // Reliability (docs/reliability.md).
    /// Answer the debug/* fault-injection methods (otherwise -32601), and let workers answer them.
    var enablesDebugMethods = false
    /// Restart intensity: at most this many restarts of one screen within the window, then the
    /// screen shows its failed state until `screen/reload`.
    var maxRestarts = 3
    var restartWindowMilliseconds: UInt64 = 30_000
    /// How often each screen's worker is pinged; one that does not answer within the request
    /// timeout is killed and restarted. 0 turns pinging off.
    var pingIntervalMilliseconds: UInt64 = 5_000
    /// Above this many bytes queued for the client, navhost stops reading from workers.
    var clientOutputHighWaterBytes = 4 << 20
    /// Above this many bytes of client requests read and not answered, navhost stops reading the client.
    var maxPendingInputBytes = 64 << 20
    /// The most entries one batch may hold.
    var maxBatchEntries = 10_000
    /// The deepest stack navhost keeps.
    var maxStackDepth = 5_000
    /// Whether workers see `GITHUB_TOKEN` (only a source that needs it: the live GitHub source).
    var passesGitHubToken: Bool { liveSource != nil }
    /// Limits each worker sets on itself at start-up (setrlimit in the worker: see `WorkerLauncher`).
    var workerLimits = WorkerLimits(openFiles: 256, addressSpaceBytes: 4 << 30, cpuSeconds: 3_600)
}

struct LiveSourceSettings {
    var apiURL: String
    var cachePath: String?
    var perPage = 30
    var cacheBytes = 32 << 20
}
