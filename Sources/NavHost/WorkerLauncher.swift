import Glibc
import UVKit

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
    /// `screen-worker exec` with the limits and the host's pid, before `--` and the command.
    private let externalPrefix: [String]
    private let externalEnvironment: [String]

    /// The snapshot worker, which does not load libcurl, and the worker with the live source.
    static let snapshotWorker = "screen-worker"
    static let liveWorker = "screen-worker-live"

    /// Variables a worker may see; anything else in the host's environment (tokens, keys) stays here.
    static let inheritedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"]

    /// Passed only to built-in workers of the live source: the token, and where its cache lives.
    static let liveSourceVariables = ["GITHUB_TOKEN", "XDG_CACHE_HOME"]

    /// Resource limits travel as arguments because the spawn (`posix_spawn`) runs nothing of ours
    /// before the exec, where a setrlimit for the child alone would go; the worker applies them
    /// first thing (`screen-worker exec` applies them for an external command, then execs it).
    init(configuration: HostConfiguration) {
        let snapshotExecutable = configuration.workerDirectory + "/" + Self.snapshotWorker
        let executable = configuration.liveSource == nil ? snapshotExecutable : configuration.workerDirectory + "/" + Self.liveWorker
        var common = ["--host-pid", String(getpid())]
        let limits = configuration.workerLimits
        if let value = limits.openFiles { common += ["--limit-open-files", String(value)] }
        if let value = limits.addressSpaceBytes { common += ["--limit-address-space", String(value)] }
        if let value = limits.cpuSeconds { common += ["--limit-cpu-seconds", String(value)] }
        var arguments = common + ["--log-level", configuration.logLevel.name]
        if let dataPath = configuration.dataPath { arguments += ["--data", dataPath] }
        if configuration.queryDebounceMilliseconds > 0 { arguments += ["--debounce-ms", String(configuration.queryDebounceMilliseconds)] }
        if configuration.enablesDebugMethods { arguments.append("--enable-debug-methods") }
        var names = WorkerLauncher.inheritedVariables
        if let live = configuration.liveSource {
            arguments += ["--source", "github", "--api-url", live.apiURL]
            if let cache = live.cachePath { arguments += ["--cache", cache] }
            arguments += ["--per-page", String(live.perPage), "--cache-bytes", String(live.cacheBytes)]
        }
        if configuration.passesGitHubToken { names += WorkerLauncher.liveSourceVariables }
        builtIn = WorkerCommandLine(executable: executable, arguments: arguments, environment: Self.environment(names))
        externalPrefix = [snapshotExecutable, "exec"] + common + ["--"]
        // An external worker never sees the GitHub token: only the allow-list.
        externalEnvironment = Self.environment(WorkerLauncher.inheritedVariables)
    }

    /// The command line for a worker of `entry`'s kind.
    func commandLine(for entry: CatalogEntry) -> WorkerCommandLine {
        guard let command = entry.command else { return builtIn }
        return WorkerCommandLine(executable: externalPrefix[0], arguments: Array(externalPrefix.dropFirst()) + command, environment: externalEnvironment)
    }

    private static func environment(_ names: [String]) -> [String] {
        names.compactMap { name in getenv(name).map { "\(name)=\(String(cString: $0))" } }
    }
}
