import GitHubModels
import HTTPClient
import NavProtocol
import UVKit

/// A change as GitHub's REST API takes it.
public struct GitHubWriteRequest: Sendable, Equatable {
    /// PUT, POST, PATCH or DELETE.
    public var method: String
    /// The path under the API root, each segment percent-encoded: `/repos/o/r/issues/3/comments`.
    public var path: String
    /// The JSON body; nil sends none (PUT, POST and PATCH then send `Content-Length: 0`).
    public var body: JSONValue?
    /// Paths whose cached reads this write makes stale: every cached URL equal to one, or under
    /// it (followed by `/` or `?`), is dropped before the write's completion runs. Compared
    /// without regard to case; a `*` segment is any one segment; a repository's path takes in
    /// its reads by id (`StaleURLs`).
    public var invalidates: [String]
    /// What it changes, for messages: "issue #3 of 'a/b'".
    public var target: String

    public init(method: String, path: String, body: JSONValue? = nil, invalidates: [String], target: String) {
        self.method = method
        self.path = path
        self.body = body
        self.invalidates = invalidates
        self.target = target
    }
}

extension GitHubAPIClient {
    /// Sends a write once: after the client's writes before it are answered, at least
    /// `writeSpacing` after the previous one started, never from the cache, never redirected,
    /// never retried. The completion gets GitHub's answer whatever its status (or the error of
    /// a request that got none), on the loop, after the cached reads the write made stale are
    /// dropped. A cancelled write's completion is never called (it may have reached GitHub).
    @discardableResult
    public func write(_ request: GitHubWriteRequest, completion: @escaping (Result<HTTPResponse, GitHubAPIError>) -> Void) -> GitHubAPITask {
        let method = request.method.uppercased()
        let body: [UInt8]? = request.body.map(\.jsonBytes) ?? (method == "DELETE" ? nil : [])
        let url = baseURL + request.path
        if let refusal = context.refusal(of: url, "sending a write to") { return context.later { completion(.failure(refusal)) } }
        var exchange: GitHubExchange?
        var cancelled = false
        let lane: GitHubWriteLane
        do {
            lane = try writeLane ?? GitHubWriteLane(loop: context.http.loop, spacing: writeSpacing)
            writeLane = lane
        } catch {
            let failure = GitHubAPIError(kind: .requestFailed, message: "The write could not be queued: \(error).", url: url)
            return context.later { completion(.failure(failure)) }
        }
        let invalidated = request.invalidates.map { baseURL + $0 }
        // The lane's `done`, called once: when the write is over, or when it is cancelled under way.
        var release: (() -> Void)?
        func finish() {
            let done = release
            release = nil
            done?()
        }
        let job = lane.enqueue { [context, loopCache] done in
            release = done
            let started = GitHubExchange(context: context, method: method, url: url, body: body) { result in
                guard let loopCache, !invalidated.isEmpty else {
                    finish()
                    return completion(result)
                }
                loopCache.remove(under: invalidated) {
                    finish()
                    if !cancelled { completion(result) }
                }
            }
            exchange = started
            started.start()
        }
        return GitHubAPITask(isRunning: { !cancelled && (exchange?.isRunning ?? true) }, cancel: { [weak lane] in
            cancelled = true
            lane?.remove(job)
            exchange?.cancel()
            finish()
        })
    }

    /// The error of a write's answer, with the token redacted; nil for a 2xx.
    public func error(answering response: HTTPResponse, to request: GitHubWriteRequest) -> GitHubAPIError? {
        guard !(200..<300).contains(response.status) else { return nil }
        return GitHubAPIError.from(response, resource: .write(target: request.target), authenticated: isAuthenticated).redacting(context.token)
    }

    /// `GET /user/starred/{owner}/{name}` with the token: true (204) or false (404); nil when
    /// there is no token or GitHub said neither. Not cached, not spaced (it is a read).
    @discardableResult
    public func isStarred(owner: String, name: String, completion: @escaping (Bool?) -> Void) -> GitHubAPITask {
        guard isAuthenticated else { return context.later { completion(nil) } }
        let url = baseURL + Self.starPath(owner: owner, name: name)
        let exchange = GitHubExchange(context: context, method: "GET", url: url, body: nil) { result in
            switch (try? result.get())?.status {
            case 204: completion(true)
            case 404: completion(false)
            default: completion(nil)
            }
        }
        exchange.start()
        return GitHubAPITask(isRunning: { exchange.isRunning }, cancel: { exchange.cancel() })
    }

    /// `GET /repos/{owner}/{name}/labels?per_page=100`: the first page of a repository's labels.
    @discardableResult
    public func labels(owner: String, name: String, completion: @escaping (Result<GitHubResult<[GitHubLabel]>, GitHubAPIError>) -> Void) -> GitHubAPITask {
        let url = "\(repositoryURL(owner: owner, name: name))/labels?per_page=100"
        return fetch(url, .repository(owner: owner, name: name), as: [GitHubLabel].self, completion: completion)
    }
}
