import Glibc
import UVKit
import WorkerLaunch

/// A worker's command line: what `WorkerProcess` spawns.
struct WorkerCommandLine {
    let executable: String
    let arguments: [String]
    let environment: [String]
}

/// Knows the executables the host may spawn for a screen and what it may pass to them: the
/// built-in worker (fixed names beside navhost: the snapshot worker, or the live one for the
/// live source), or for an external kind the command its screens.json names, started through
/// `screen-worker exec`. Nothing here comes from a client message: the kind is looked up in the
/// catalog, and sent later, over the pipe.
struct WorkerLauncher {
    /// The built-in worker with its flags.
    let builtIn: WorkerCommandLine
    /// The built-in worker as the warm spare: it rehearses a push while it waits (`--rehearse`).
    let spare: WorkerCommandLine
    /// `screen-worker`, which also runs an external kind's command (`screen-worker exec`).
    private let snapshotExecutable: String
    /// What every worker is told: the options navhost passes on, and its pid.
    private let settings: WorkerSettings
    private let externalEnvironment: [String]

    /// The snapshot worker, which does not load libcurl, and the worker with the live source.
    static let snapshotWorker = "screen-worker"
    static let liveWorker = "screen-worker-live"

    /// Variables a worker may see; anything else in the host's environment (tokens, keys) stays here.
    static let inheritedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ", "XDG_STATE_HOME"]

    /// Passed only to built-in workers of the live source: the token, and where its cache lives.
    static let liveSourceVariables = ["GITHUB_TOKEN", "XDG_CACHE_HOME"]

    /// Resource limits travel as arguments because the spawn (`posix_spawn`) runs nothing of ours
    /// before the exec, where a setrlimit for the child alone would go; the worker applies them
    /// first thing (`screen-worker exec` applies them for an external command, then execs it).
    init(configuration: HostConfiguration) {
        snapshotExecutable = configuration.workerDirectory + "/" + Self.snapshotWorker
        var settings = configuration.settings.workerSettings
        settings.hostPid = getpid()
        self.settings = settings
        var names = WorkerLauncher.inheritedVariables
        if configuration.passesGitHubToken { names += WorkerLauncher.liveSourceVariables }
        let builtInExecutable = configuration.readsLiveSource ? configuration.workerDirectory + "/" + Self.liveWorker : snapshotExecutable
        let environment = Self.environment(names)
        builtIn = WorkerCommandLine(executable: builtInExecutable, arguments: WorkerInvocation.serve(settings).arguments, environment: environment)
        settings.rehearse = true
        spare = WorkerCommandLine(executable: builtInExecutable, arguments: WorkerInvocation.serve(settings).arguments, environment: environment)
        // An external worker never sees the GitHub token: only the allow-list.
        externalEnvironment = Self.environment(WorkerLauncher.inheritedVariables)
    }

    /// The command line for a worker of `entry`'s kind: an external one through `screen-worker exec`.
    func commandLine(for entry: CatalogEntry) -> WorkerCommandLine {
        guard let command = entry.command else { return builtIn }
        let invocation = WorkerInvocation.exec(settings, command: command)
        return WorkerCommandLine(executable: snapshotExecutable, arguments: invocation.arguments, environment: externalEnvironment)
    }

    private static func environment(_ names: [String]) -> [String] {
        names.compactMap { name in getenv(name).map { "\(name)=\(String(cString: $0))" } }
    }
}
