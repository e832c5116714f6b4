import ArgumentParser
import Foundation
import GitHubAPI
import GitHubScreens
import Glibc
import HTTPClient
import UVKit

/// Where the worker's screens read GitHub data, as the command line says.
struct DataSourceOptions: ParsableArguments {
    @Option(help: "snapshot (the embedded SQLite snapshot, or --data) or github (the live REST API).")
    var source: String = "snapshot"

    @Option(help: "A snapshot database to read instead of the embedded one.")
    var data: String?

    @Option(help: "The GitHub API's base URL (GitHub Enterprise: https://HOST/api/v3).")
    var apiURL: String = GitHubAPIClient.defaultBaseURL

    @Option(help: "The live source's response cache (default: $XDG_CACHE_HOME/navshell/github-responses.sqlite).")
    var cache: String?

    @Option(help: "The response cache's bound, in bytes.")
    var cacheBytes: Int = ResponseCache.defaultMaximumBytes

    @Option(help: "Items per page asked of GitHub (1-100).")
    var perPage: Int = 30

    func validate() throws {
        guard ["snapshot", "github"].contains(source) else { throw ValidationError("--source must be snapshot or github, not '\(source)'") }
    }

    /// Opens the source; `close` releases what it holds on the loop.
    func open(on loop: UVLoop) throws -> (source: any GitHubSource, close: () -> Void) {
        guard source == "github" else {
            let snapshot = try SnapshotSource(store: try data.map { try SnapshotStore(path: $0) } ?? SnapshotStore.bundled(), loop: loop)
            return (snapshot, snapshot.close)
        }
        let environment = ProcessInfo.processInfo.environment
        let http = try HTTPClient(loop: loop)
        // A cache that cannot be opened costs freshness only: the live source works without one.
        let responseCache = try? ResponseCache(path: cache ?? ResponseCache.defaultPath(environment: environment), maximumBytes: cacheBytes)
        let api = try GitHubAPIClient(
            http: http, baseURL: apiURL, token: GitHubAPIClient.token(fromEnvironment: environment), perPage: perPage, cache: responseCache)
        return (LiveGitHubSource(api: api), http.close)
    }
}
