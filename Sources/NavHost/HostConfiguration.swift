import HostOptions
import NavProtocol
import ProcessSupport
import Transport
import WorkerLaunch

/// What a host runs with: the command line's settings (`HostSettings`, generated from
/// Sources/HostOptions/options.json, so a new option is read from `settings` where it is used),
/// the forms the host uses some of them in, and what a session or a test sets beside them.
struct HostConfiguration {
    /// The options as the command line gave them (docs/reliability.md has the reliability ones).
    var settings: HostSettings
    /// Where screen-worker is: beside navhost unless a test says otherwise.
    var workerDirectory = ExecutableDirectory.path
    /// The screens.json files of external kinds: `--screens`, then the user's own if it exists.
    var screensFiles: [String]

    init(settings: HostSettings = HostSettings()) {
        self.settings = settings
        screensFiles = settings.screens
    }

    /// The configuration navhost serves with: its screens files end with the user's own.
    static func serving(_ settings: HostSettings) -> HostConfiguration {
        var configuration = HostConfiguration(settings: settings)
        configuration.screensFiles = ScreensFile.files(given: settings.screens)
        return configuration
    }

    var rootKind: ScreenKind { ScreenKind(settings.root) }
    var rootParams: JSONValue? { settings.rootParams.flatMap { try? JSONValue(parsing: $0) } }
    var logLevel: LogLevel { LogLevel(name: settings.logLevel) ?? .warning }
    /// How long a worker has to answer one request.
    var requestTimeoutMilliseconds: UInt64 { Self.milliseconds(settings.requestTimeout) }
    /// How long a popped worker has after `shutdown` before SIGTERM, and again before SIGKILL.
    var stopGraceMilliseconds: UInt64 { Self.milliseconds(settings.stopGrace) }
    /// Restart intensity: at most `maxRestarts` restarts of one screen within this window, then
    /// the screen shows its failed state until `screen/reload`.
    var restartWindowMilliseconds: UInt64 { Self.milliseconds(settings.restartWindow) }
    /// How often each screen's worker is pinged (0: never); one that does not answer within the
    /// request timeout is killed and restarted.
    var pingIntervalMilliseconds: UInt64 { Self.milliseconds(settings.pingInterval) }
    /// Whether screens may write: always to the local state over the snapshot; to GitHub only
    /// with `--allow-writes`.
    var writesAllowed: Bool { !readsLiveSource || settings.allowWrites }
    /// Whether screens read the live GitHub API instead of the snapshot: `--source github`, or
    /// the source a session's `initialize` chooses (`settings.source`).
    var readsLiveSource: Bool { settings.workerSettings.readsLiveSource }
    /// Whether workers see `GITHUB_TOKEN` (only a source that needs it: the live GitHub source).
    var passesGitHubToken: Bool { readsLiveSource }

    /// Seconds as milliseconds; `HostSettings.validationError` keeps them under `maxSeconds`.
    private static func milliseconds(_ seconds: Double) -> UInt64 { UInt64(seconds * 1000) }
}
