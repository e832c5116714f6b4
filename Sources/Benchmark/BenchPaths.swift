import Glibc
import ProcessSupport

/// Where the programs under measurement are. NavShell's own binaries must exist; a missing
/// baseline only makes its rows unavailable.
struct BenchPaths {
    let navhost: String
    let screenWorker: String
    /// The built C baselines (echo_worker, uv_relay), from shared/baseline/build.sh.
    let baselineBin: String?
    /// shared/baseline itself, for node_relay.js.
    let baselineSource: String?
    /// node on PATH, if any.
    let node: String?
    /// Every child's stderr is appended here.
    let stderrLog: String

    var echoWorker: String? { executable(baselineBin, "echo_worker") }
    var uvRelay: String? { executable(baselineBin, "uv_relay") }

    var nodeRelay: String? {
        guard let baselineSource, access(baselineSource + "/node_relay.js", R_OK) == 0 else { return nil }
        return baselineSource + "/node_relay.js"
    }

    private func executable(_ directory: String?, _ name: String) -> String? {
        guard let directory, access(directory + "/" + name, X_OK) == 0 else { return nil }
        return directory + "/" + name
    }

    /// Why a baseline is missing, for the report.
    func missing(_ name: String) -> String {
        switch name {
        case "node": return "node is not on PATH"
        case "node_relay.js": return "node_relay.js not found in \(baselineSource ?? "(no --baseline-source given)")"
        default: return "\(name) not built in \(baselineBin ?? "(no --baseline-bin given)")"
        }
    }

    /// The first executable called `name` on this process's PATH.
    static func onPath(_ name: String) -> String? {
        getenv("PATH").flatMap { ExecutableSearch.find(name, inPath: String(cString: $0)) }
    }

    /// The directory of the running executable: navhost and screen-worker are built beside it.
    static func ownDirectory() -> String { ExecutableDirectory.path }
}
