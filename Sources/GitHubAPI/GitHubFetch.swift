import HTTPClient
import UVKit

/// What every request of one client shares.
struct FetchContext {
    let http: HTTPClient
    let cache: LoopResponseCache?
    /// The API's origin: redirects and page links elsewhere are refused, so the token never
    /// leaves it.
    let origin: String
    let headers: HTTPHeaders
    let token: String?
    let timeout: Duration

    /// Why `url` may not be asked (it is not on the API's origin, so the token would leave it);
    /// nil when it may. `doing` names the request in the message: "following", "sending a write to".
    func refusal(of url: String, _ doing: String) -> GitHubAPIError? {
        guard APIURL.origin(of: url) != origin else { return nil }
        return GitHubAPIError(kind: .redirectRefused, message: "Not \(doing) \(url): it is not on the API's host (\(origin)).", url: url)
    }

    /// Runs `body` from the loop, never inside the call (at once only when no timer can be
    /// made): how an outcome known before any request is still reported like every other.
    /// Cancelling the task means `body` never runs.
    func later(_ body: @escaping () -> Void) -> GitHubAPITask {
        var pending = true
        guard let timer = try? UVTimer(loop: http.loop) else {
            body()
            return GitHubAPITask(isRunning: { false }, cancel: {})
        }
        timer.start(after: 0) {
            timer.close()
            guard pending else { return }
            pending = false
            body()
        }
        return GitHubAPITask(isRunning: { pending }, cancel: {
            pending = false
            timer.close()
        })
    }
}

/// One GET of one API URL, to a decoded value:
/// - conditional when the cache holds the URL (If-None-Match / If-Modified-Since); a 304
///   serves the cached body;
/// - redirects (301, 302, 303, 307, 308) followed on the API's origin, up to five;
/// - a 2xx body is cached only once it decoded;
/// - when GitHub cannot be asked (network failure, timeout, 5xx, rate limit) and the cache
///   holds the URL, the cached body is served marked stale, with the failure as the reason.
/// A cancelled fetch never calls its completion.
final class GitHubFetch<Value: Sendable> {
    private let context: FetchContext
    private let url: String
    private let resource: GitHubResource
    private let decode: ([UInt8]) throws -> Value
    private var completion: ((Result<GitHubResult<Value>, GitHubAPIError>) -> Void)?
    private var cached: ResponseCache.Entry?
    private var task: HTTPTask?
    private var cacheRead: Cancellable?
    private var redirects = 0
    private static var redirectLimit: Int { 5 }

    init(
        context: FetchContext, url: String, resource: GitHubResource, decode: @escaping ([UInt8]) throws -> Value,
        completion: @escaping (Result<GitHubResult<Value>, GitHubAPIError>) -> Void
    ) {
        self.context = context
        self.url = url
        self.resource = resource
        self.decode = decode
        self.completion = completion
    }

    var isRunning: Bool { completion != nil }

    func start() {
        if let error = context.refusal(of: url, "following") {
            // Reported from the loop like every other outcome, never from inside start().
            _ = context.later { [self] in fail(error) }
            return
        }
        guard let cache = context.cache else { return send(to: url) }
        // The read answers on the loop; a cache that cannot be read answers nil and the
        // request still goes to GitHub.
        cacheRead = cache.entry(for: url) { [self] entry in
            cacheRead = nil
            cached = entry
            send(to: url)
        }
    }

    func cancel() {
        completion = nil
        cacheRead?.cancel()
        cacheRead = nil
        task?.cancel()
        task = nil
    }

    private func send(to target: String) {
        if let error = context.refusal(of: target, "following") { return fail(error) }
        var headers = context.headers
        if let etag = cached?.etag { headers.set(name: "If-None-Match", value: etag) }
        if let lastModified = cached?.lastModified { headers.set(name: "If-Modified-Since", value: lastModified) }
        let request = HTTPRequest(url: target, headers: headers, timeout: context.timeout)
        task = context.http.send(request) { [self] result in
            task = nil
            guard completion != nil else { return }
            switch result {
            case .success(let response): received(response)
            case .failure(let failure): fallBack(GitHubAPIError.from(failure, url: target, timeout: context.timeout))
            }
        }
    }

    private func received(_ response: HTTPResponse) {
        let rateLimit = GitHubRateLimit(headers: response.headers, endpointResource: resource.rateLimitResource)
        switch response.status {
        case 200..<300:
            let value: Value
            do { value = try decode(response.body) } catch { return fail(.malformed(url: response.url, error)) }
            let link = response.headers.values(for: "Link").joined(separator: ", ")
            let entry = ResponseCache.Entry(
                url: url, body: response.body, etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
                link: link.isEmpty ? nil : link)
            context.cache?.store(entry)
            succeed(value, link: entry.link, source: .network, rateLimit: rateLimit)
        case 304:
            guard let cached else {
                return fail(GitHubAPIError(
                    kind: .serverError, message: "GitHub answered 304 Not Modified to a request that was not conditional.",
                    status: 304, url: response.url))
            }
            context.cache?.revalidate(url: url, etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"])
            serve(cached, source: .notModified, rateLimit: rateLimit)
        case 301, 302, 303, 307, 308:
            follow(response)
        default:
            let error = GitHubAPIError.from(response, resource: resource, authenticated: context.token != nil)
            if error.kind == .serverError || error.kind == .rateLimited {
                fallBack(error)
            } else {
                fail(error)
            }
        }
    }

    private func follow(_ response: HTTPResponse) {
        guard redirects < Self.redirectLimit else {
            return fail(GitHubAPIError(
                kind: .redirectRefused, message: "GitHub redirected more than \(Self.redirectLimit) times from \(url).",
                status: response.status, url: response.url))
        }
        guard let location = response.headers["Location"], let target = APIURL.resolve(location, against: response.url) else {
            return fail(GitHubAPIError(
                kind: .serverError, message: "GitHub answered \(response.status) without a usable Location.",
                status: response.status, url: response.url))
        }
        redirects += 1
        send(to: target)
    }

    private func fallBack(_ error: GitHubAPIError) {
        guard let cached else { return fail(error) }
        serve(cached, source: .staleCache, staleReason: error.redacting(context.token), rateLimit: nil)
    }

    private func serve(_ entry: ResponseCache.Entry, source: GitHubResponseSource, staleReason: GitHubAPIError? = nil, rateLimit: GitHubRateLimit?) {
        do {
            succeed(try decode(entry.body), link: entry.link, source: source, staleReason: staleReason, rateLimit: rateLimit)
        } catch {
            fail(.malformed(url: entry.url, error))
        }
    }

    private func succeed(_ value: Value, link: String?, source: GitHubResponseSource, staleReason: GitHubAPIError? = nil, rateLimit: GitHubRateLimit?) {
        let next = link.flatMap { LinkHeader.relations(in: [$0])["next"] }
        finish(.success(GitHubResult(value: value, nextPage: next, source: source, staleReason: staleReason, rateLimit: rateLimit)))
    }

    private func fail(_ error: GitHubAPIError) {
        finish(.failure(error.redacting(context.token)))
    }

    private func finish(_ result: Result<GitHubResult<Value>, GitHubAPIError>) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}

@available(*, unavailable)
extension GitHubFetch: Sendable {}
