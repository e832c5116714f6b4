import Glibc
import UVKit

/// Knows the one executable the host may spawn for a screen and what it may pass to it.
/// Nothing here comes from a client message: the kind is sent later, over the pipe.
struct WorkerLauncher {
    let executable: String
    let extraArguments: [String]
    let environment: [String]

    /// Variables a worker may see; anything else in the host's environment (tokens, keys) stays here.
    static let inheritedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"]

    /// Only workers of the live source get the GitHub token; snapshot workers never see it.
    static let liveSourceVariables = ["GITHUB_TOKEN", "XDG_CACHE_HOME"]

    init(executableDirectory: String, configuration: HostConfiguration) {
        executable = executableDirectory + "/screen-worker"
        var arguments = ["--host-pid", String(getpid()), "--log-level", configuration.logLevel.name]
        if let dataPath = configuration.dataPath { arguments += ["--data", dataPath] }
        if configuration.queryDebounceMilliseconds > 0 { arguments += ["--debounce-ms", String(configuration.queryDebounceMilliseconds)] }
        var variables = WorkerLauncher.inheritedVariables
        if let live = configuration.liveSource {
            arguments += ["--source", "github", "--api-url", live.apiURL]
            if let cache = live.cachePath { arguments += ["--cache", cache] }
            arguments += ["--per-page", String(live.perPage), "--cache-bytes", String(live.cacheBytes)]
            variables += WorkerLauncher.liveSourceVariables
        }
        extraArguments = arguments
        environment = variables.compactMap { name in
            getenv(name).map { "\(name)=\(String(cString: $0))" }
        }
    }

    /// The directory of the running executable, from /proc/self/exe.
    static func ownDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "." }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
