import Foundation
import GitHubAPI
import HTTPClient
import ScreenWorkerCore
import UVKit

/// Opens the live GitHub source: the HTTP client, the token from `GITHUB_TOKEN`, the response cache.
struct LiveSourceOpener: LiveSourceOpening {
    func open(_ options: DataSourceOptions, on loop: UVLoop) throws -> OpenedSource {
        let environment = ProcessInfo.processInfo.environment
        let http = try HTTPClient(loop: loop)
        // A cache that cannot be opened costs freshness only: the live source works without one.
        let responseCache = try? ResponseCache(
            path: options.cache ?? ResponseCache.defaultPath(environment: environment),
            maximumBytes: options.cacheBytes ?? ResponseCache.defaultMaximumBytes)
        let api = try GitHubAPIClient(
            http: http, baseURL: options.apiURL ?? GitHubAPIClient.defaultBaseURL,
            token: GitHubAPIClient.token(fromEnvironment: environment), perPage: options.perPage, cache: responseCache)
        return (LiveGitHubSource(api: api), {
            api.close()
            http.close()
        })
    }
}
