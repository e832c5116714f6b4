import Foundation
import GitHubAPI
import HTTPClient
import ScreenWorkerCore
import UVKit
import WorkerLaunch

/// Opens the live GitHub source: the HTTP client, the token from `GITHUB_TOKEN`, the response cache.
struct LiveSourceOpener: LiveSourceOpening {
    func open(_ settings: WorkerSettings, on loop: UVLoop) throws -> OpenedSource {
        let environment = ProcessInfo.processInfo.environment
        let http = try HTTPClient(loop: loop)
        // A cache that cannot be opened costs freshness only: the live source works without one.
        let responseCache = try? ResponseCache(
            path: settings.cache ?? ResponseCache.defaultPath(environment: environment), maximumBytes: settings.cacheBytes)
        let api = try GitHubAPIClient(
            http: http, baseURL: settings.apiURL,
            token: GitHubAPIClient.token(fromEnvironment: environment), perPage: settings.perPage, cache: responseCache)
        return (LiveGitHubSource(api: api, allowsWrites: settings.allowWrites), {
            api.close()
            http.close()
        })
    }
}
