import Glibc
import UVKit

/// Knows the executables the host may spawn for a screen (fixed names beside navhost: the
/// snapshot worker, or the live one for the live source) and what it may pass to them.
/// Nothing here comes from a client message: the kind is sent later, over the pipe.
struct WorkerLauncher {
    let executable: String
    let extraArguments: [String]
    let environment: [String]

    /// The snapshot worker, which does not load libcurl, and the worker with the live source.
    static let snapshotWorker = "screen-worker"
    static let liveWorker = "screen-worker-live"

    /// Variables a worker may see; anything else in the host's environment (tokens, keys) stays here.
    static let inheritedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"]

    /// Passed only to workers of the live source: the token, and where its cache lives.
    static let liveSourceVariables = ["GITHUB_TOKEN", "XDG_CACHE_HOME"]

    /// Resource limits travel as arguments because uv_spawn runs nothing of ours between fork and
    /// exec, where a setrlimit for the child alone would go; the worker applies them first thing.
    init(configuration: HostConfiguration) {
        executable = configuration.workerDirectory + "/" + (configuration.liveSource == nil ? Self.snapshotWorker : Self.liveWorker)
        var arguments = ["--host-pid", String(getpid()), "--log-level", configuration.logLevel.name]
        if let dataPath = configuration.dataPath { arguments += ["--data", dataPath] }
        if configuration.queryDebounceMilliseconds > 0 { arguments += ["--debounce-ms", String(configuration.queryDebounceMilliseconds)] }
        if configuration.enablesDebugMethods { arguments.append("--enable-debug-methods") }
        let limits = configuration.workerLimits
        if let value = limits.openFiles { arguments += ["--limit-open-files", String(value)] }
        if let value = limits.addressSpaceBytes { arguments += ["--limit-address-space", String(value)] }
        if let value = limits.cpuSeconds { arguments += ["--limit-cpu-seconds", String(value)] }
        var names = WorkerLauncher.inheritedVariables
        if let live = configuration.liveSource {
            arguments += ["--source", "github", "--api-url", live.apiURL]
            if let cache = live.cachePath { arguments += ["--cache", cache] }
            arguments += ["--per-page", String(live.perPage), "--cache-bytes", String(live.cacheBytes)]
        }
        if configuration.passesGitHubToken { names += WorkerLauncher.liveSourceVariables }
        extraArguments = arguments
        environment = names.compactMap { name in
            getenv(name).map { "\(name)=\(String(cString: $0))" }
        }
    }
}
