import ArgumentParser
import GitHubModels
import GitHubSnapshot
import UVKit

/// Where the worker's screens read GitHub data, as the command line says. Both worker binaries
/// take the same options; only `screen-worker-live` can open the live source.
public struct DataSourceOptions: ParsableArguments {
    @Option(help: "snapshot (the embedded SQLite snapshot, or --data) or github (the live REST API: screen-worker-live only).")
    public var source: String = "snapshot"

    @Option(help: "A snapshot database to read instead of the embedded one.")
    public var data: String?

    @Option(help: "The GitHub API's base URL (default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3).")
    public var apiURL: String?

    @Option(help: "The live source's response cache (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    public var cache: String?

    @Option(help: "The response cache's bound, in bytes (default: 32 MiB).")
    public var cacheBytes: Int?

    @Option(help: "Items per page asked of GitHub (1-100).")
    public var perPage: Int = 30

    public init() {}

    public func validate() throws {
        guard ["snapshot", "github"].contains(source) else { throw ValidationError("--source must be snapshot or github, not '\(source)'") }
        if source == "github", WorkerEntry.liveSource == nil {
            throw ValidationError("this binary serves the snapshot only: the live source is served by screen-worker-live")
        }
    }

    /// Opens the source; `close` releases what it holds on the loop.
    func open(on loop: UVLoop) throws -> OpenedSource {
        guard source == "github", let live = WorkerEntry.liveSource else {
            let snapshot = try SnapshotSource(store: try data.map { try SnapshotStore(path: $0) } ?? SnapshotStore.bundled(), loop: loop)
            return (snapshot, snapshot.close)
        }
        return try live.open(self, on: loop)
    }
}
