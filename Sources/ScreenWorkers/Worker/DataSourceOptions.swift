import ArgumentParser
import GitHubModels
import GitHubSnapshot
import UVKit
import WorkerLaunch

/// Where the worker's screens read GitHub data, as the command line says. Both worker binaries
/// take the same options; only `screen-worker-live` can open the live source.
struct DataSourceOptions: ParsableArguments {
    @Option(name: .customLong(WorkerFlag.source), help: "snapshot (the embedded SQLite snapshot, or --data) or github (the live REST API: screen-worker-live only).")
    var source: String = DataSourceSettings().source.rawValue

    @Option(name: .customLong(WorkerFlag.data), help: "A snapshot database to read instead of the embedded one.")
    var data: String?

    @Option(name: .customLong(WorkerFlag.apiURL), help: "The GitHub API's base URL (default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3).")
    var apiURL: String?

    @Option(name: .customLong(WorkerFlag.cache), help: "The live source's response cache (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    var cache: String?

    @Option(name: .customLong(WorkerFlag.cacheBytes), help: "The response cache's bound, in bytes (default: 32 MiB).")
    var cacheBytes: Int?

    @Option(name: .customLong(WorkerFlag.perPage), help: "Items per page asked of GitHub (1-100).")
    var perPage: Int = DataSourceSettings().perPage

    @Option(name: .customLong(WorkerFlag.state), help: "The local state database of the snapshot's writes (default: $XDG_STATE_HOME/navshell/local-state.sqlite).")
    var state: String?

    @Flag(name: .customLong(WorkerFlag.allowWrites), help: "Let actions write to GitHub (the live source).")
    var allowWrites = false

    func validate() throws {
        guard let source = DataSourceSettings.Source(rawValue: source) else {
            throw ValidationError("--source must be snapshot or github, not '\(source)'")
        }
        if !source.isServed { throw ValidationError("this binary serves the snapshot only: the live source is served by screen-worker-live") }
    }

    /// What the options say, once `validate()` has passed.
    var settings: DataSourceSettings {
        var settings = DataSourceSettings()
        settings.source = DataSourceSettings.Source(rawValue: source) ?? settings.source
        settings.snapshotPath = data
        settings.apiURL = apiURL
        settings.cachePath = cache
        settings.cacheBytes = cacheBytes
        settings.perPage = perPage
        settings.statePath = state
        settings.allowsWrites = allowWrites
        return settings
    }
}

extension DataSourceSettings.Source {
    /// Whether this binary serves the source: the live one needs `screen-worker-live`.
    var isServed: Bool { self == .snapshot || WorkerEntry.liveSource != nil }
}

extension DataSourceSettings {
    /// Opens the source; `close` releases what it holds on the loop.
    func open(on loop: UVLoop) throws -> OpenedSource {
        guard source == .github, let live = WorkerEntry.liveSource else {
            let store = try snapshotPath.map { try SnapshotStore(path: $0) } ?? SnapshotStore.bundled()
            let snapshot = try SnapshotSource(store: store, localState: LocalState(path: statePath ?? LocalState.defaultPath()), loop: loop)
            return (snapshot, snapshot.close)
        }
        return try live.open(self, on: loop)
    }
}
