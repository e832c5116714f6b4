import Foundation
import GitHubModels
import HTTPClient
import NavProtocol

/// The GitHub REST API v3 on a worker's loop. Every request sends
/// `Accept: application/vnd.github+json`, a User-Agent and, when a token is set,
/// `Authorization: Bearer <token>`; the token is sent to the API's own origin only, and never
/// appears in an error, a result or a description. List endpoints return the `rel="next"`
/// page URL from the `Link` header; pass it back as `page` to get the next page (it is followed
/// verbatim: GitHub rewrites user links to `/user/{id}/repos`).
///
/// Completions run on the loop, never inside the call that started the request. A cancelled
/// task's completion is never called.
public final class GitHubAPIClient {
    public static let defaultBaseURL = "https://api.github.com"
    public static let defaultUserAgent = "NavShell/1.0 (libcurl)"
    /// The least time between the starts of two writes (GitHub's guidance for content-creating requests).
    public static let defaultWriteSpacing: Duration = .seconds(1)

    /// The API root, without a trailing slash (`https://ghe.example.com/api/v3` on Enterprise).
    public let baseURL: String
    public let perPage: Int
    public let cache: ResponseCache?
    public var isAuthenticated: Bool { context.token != nil }
    let context: FetchContext
    let loopCache: LoopResponseCache?
    /// The least time between the starts of two writes of this client.
    public let writeSpacing: Duration
    /// Made by the first write (it holds a timer handle on the loop).
    var writeLane: GitHubWriteLane?

    /// - Parameters:
    ///   - token: the caller reads it from `GITHUB_TOKEN` (see `token(fromEnvironment:)`); nil
    ///     or blank for anonymous access.
    ///   - perPage: the page size asked of list endpoints (GitHub allows 1...100).
    ///   - timeout: the limit on each HTTP exchange, connection included.
    ///   - writeSpacing: the least time between the starts of two writes (tests shorten it).
    public init(
        http: HTTPClient, baseURL: String = GitHubAPIClient.defaultBaseURL, token: String?, perPage: Int = 30,
        cache: ResponseCache?, timeout: Duration = .seconds(15), userAgent: String = GitHubAPIClient.defaultUserAgent,
        writeSpacing: Duration = GitHubAPIClient.defaultWriteSpacing
    ) throws(GitHubAPIError) {
        var base = baseURL.trimmingSpaces
        while base.hasSuffix("/") { base.removeLast() }
        guard let origin = APIURL.origin(of: base) else {
            throw GitHubAPIError(kind: .requestFailed, message: "The API URL '\(baseURL)' is not an http or https URL.", url: baseURL)
        }
        let token = token?.trimmingSpaces
        let usableToken = token?.isEmpty == false ? token : nil
        var headers: HTTPHeaders = ["Accept": "application/vnd.github+json", "User-Agent": userAgent]
        if let usableToken { headers.add(name: "Authorization", value: "Bearer \(usableToken)") }
        self.baseURL = base
        self.perPage = min(max(perPage, 1), 100)
        self.cache = cache
        self.writeSpacing = writeSpacing
        // A cache whose queue cannot be made is no cache, like one that cannot be opened.
        loopCache = cache.flatMap { try? LoopResponseCache($0, loop: http.loop) }
        context = FetchContext(http: http, cache: loopCache, origin: origin, headers: headers, token: usableToken, timeout: timeout)
    }

    /// Stops answering cache reads; queued cache writes finish first (up to a second). Writes
    /// not yet started are dropped. Requests under way belong to the HTTP client: close it too.
    public func close() {
        writeLane?.close()
        loopCache?.close()
    }

    /// `GITHUB_TOKEN` when set and not blank.
    public static func token(fromEnvironment environment: [String: String]) -> String? {
        guard let token = environment["GITHUB_TOKEN"]?.trimmingSpaces, !token.isEmpty else { return nil }
        return token
    }

    /// `GET /search/users?q=…`, or the `page` URL a previous result gave as `nextPage`.
    @discardableResult
    public func searchUsers(
        query: String, page: String? = nil,
        completion: @escaping (Result<GitHubResult<GitHubSearchResult<GitHubUser>>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(baseURL)/search/users?q=\(APIURL.encode(query))&per_page=\(perPage)"
        return fetch(url, .userSearch(query: query), as: GitHubSearchResult<GitHubUser>.self, completion: completion)
    }

    /// `GET /users/{login}/repos`, or the `page` URL a previous result gave as `nextPage`.
    @discardableResult
    public func userRepositories(
        login: String, page: String? = nil, completion: @escaping (Result<GitHubResult<[GitHubRepository]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(baseURL)/users/\(APIURL.encode(login))/repos?per_page=\(perPage)"
        return fetch(url, .repositories(login: login), as: [GitHubRepository].self, completion: completion)
    }

    /// `GET /users/{login}/{relation}` (followers, following), or the `page` URL a previous
    /// result gave as `nextPage`.
    @discardableResult
    public func accounts(
        _ relation: AccountRelation, of login: String, page: String? = nil,
        completion: @escaping (Result<GitHubResult<[GitHubUser]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(baseURL)/users/\(APIURL.encode(login))/\(APIURL.encode(relation.name))?per_page=\(perPage)"
        return fetch(url, .accounts(login: login), as: [GitHubUser].self, completion: completion)
    }

    /// `GET /users/{login}/starred`: the repositories the account starred, most recently
    /// starred first; or the `page` URL a previous result gave as `nextPage`.
    @discardableResult
    public func starredRepositories(
        login: String, page: String? = nil, completion: @escaping (Result<GitHubResult<[GitHubRepository]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(baseURL)/users/\(APIURL.encode(login))/starred?per_page=\(perPage)"
        return fetch(url, .starred(login: login), as: [GitHubRepository].self, completion: completion)
    }

    /// `GET /search/repositories?q=…&sort=stars&order=desc`: most starred first; or the `page`
    /// URL a previous result gave as `nextPage`. GitHub lists at most the first 1,000 matches
    /// (`GitHubSearchTotal.resultCap`), and counts searches against their own quota
    /// (`rateLimit.resource == "search"`).
    @discardableResult
    public func searchRepositories(
        query: String, page: String? = nil,
        completion: @escaping (Result<GitHubResult<GitHubSearchResult<GitHubRepository>>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(baseURL)/search/repositories?q=\(APIURL.encode(query))&sort=stars&order=desc&per_page=\(perPage)"
        return fetch(url, .repositorySearch(query: query), as: GitHubSearchResult<GitHubRepository>.self, completion: completion)
    }

    /// `GET /repos/{owner}/{name}`; a renamed or transferred repository's 301 is followed.
    @discardableResult
    public func repository(
        owner: String, name: String, completion: @escaping (Result<GitHubResult<GitHubRepository>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        fetch(repositoryURL(owner: owner, name: name), .repository(owner: owner, name: name), as: GitHubRepository.self, completion: completion)
    }

    /// `GET /users/{login}`: a user's or organization's profile.
    @discardableResult
    public func user(login: String, completion: @escaping (Result<GitHubResult<GitHubUser>, GitHubAPIError>) -> Void) -> GitHubAPITask {
        fetch("\(baseURL)/users/\(APIURL.encode(login))", .user(login: login), as: GitHubUser.self, completion: completion)
    }

    /// `{baseURL}/repos/{owner}/{name}`, the root of a repository's endpoints.
    func repositoryURL(owner: String, name: String) -> String {
        baseURL + Self.repositoryPath(owner: owner, name: name)
    }

    /// `/repos/{owner}/{name}` under the API root, each name percent-encoded.
    static func repositoryPath(owner: String, name: String) -> String {
        "/repos/\(APIURL.encode(owner))/\(APIURL.encode(name))"
    }

    /// `/user/starred/{owner}/{name}` under the API root: the token's user's star on a repository.
    static func starPath(owner: String, name: String) -> String {
        "/user/starred/\(APIURL.encode(owner))/\(APIURL.encode(name))"
    }

    /// The one way every endpoint is asked: a `GitHubFetch` of `url`, decoded as `Value`.
    func fetch<Value: Decodable & Sendable>(
        _ url: String, _ resource: GitHubResource, as type: Value.Type,
        completion: @escaping (Result<GitHubResult<Value>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let fetch = GitHubFetch<Value>(
            context: context, url: url, resource: resource,
            decode: { body in try JSONValueDecoder().decode(Value.self, from: JSONValue(parsing: body)) },
            completion: completion)
        fetch.start()
        return GitHubAPITask(isRunning: { fetch.isRunning }, cancel: { fetch.cancel() })
    }
}

extension GitHubAPIClient: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "GitHubAPIClient(\(baseURL), \(isAuthenticated ? "token set" : "anonymous"), perPage: \(perPage))"
    }

    /// Keeps the token out of `dump` and debugger output.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "perPage": perPage, "isAuthenticated": isAuthenticated], displayStyle: .class)
    }
}

@available(*, unavailable)
extension GitHubAPIClient: Sendable {}
