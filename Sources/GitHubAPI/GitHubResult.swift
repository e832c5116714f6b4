import HTTPClient

/// The rate limit GitHub reported with a response (X-RateLimit-* headers).
public struct GitHubRateLimit: Sendable, Equatable {
    public var limit: Int?
    public var remaining: Int?
    /// Seconds since 1970.
    public var reset: Int?
    /// The quota counted: "core", "search", … (X-RateLimit-Resource, sent since 2020; for older
    /// responses, the quota of the endpoint asked: searches count against "search").
    public var resource: String?

    public init(limit: Int?, remaining: Int?, reset: Int?, resource: String?) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.resource = resource
    }

    /// Nil when the response carried none of the headers; `endpointResource` is the quota the
    /// request counts against, for a response without X-RateLimit-Resource.
    init?(headers: HTTPHeaders, endpointResource: String) {
        func number(_ name: String) -> Int? { headers[name].flatMap { Int($0.trimmingSpaces) } }
        let resource = headers["X-RateLimit-Resource"]?.trimmingSpaces
        self.init(
            limit: number("X-RateLimit-Limit"), remaining: number("X-RateLimit-Remaining"), reset: number("X-RateLimit-Reset"),
            resource: resource)
        if limit == nil, remaining == nil, reset == nil, resource == nil { return nil }
        self.resource = resource ?? endpointResource
    }
}

/// Where a result's body came from.
public enum GitHubResponseSource: String, Sendable, Equatable {
    /// A fresh 2xx response.
    case network
    /// A 304 to a conditional request: the cached body, still current.
    case notModified
    /// The cached body, served because GitHub could not be asked (see `staleReason`).
    case staleCache
}

/// A decoded answer and how it was obtained.
public struct GitHubResult<Value: Sendable>: Sendable {
    public var value: Value
    /// The `rel="next"` URL from the `Link` header, verbatim; nil on the last page.
    public var nextPage: String?
    public var source: GitHubResponseSource
    /// Why a stale body was served: the failure that kept the request from GitHub.
    public var staleReason: GitHubAPIError?
    /// The rate limit of the response that produced this (nil when served stale).
    public var rateLimit: GitHubRateLimit?

    public init(value: Value, nextPage: String?, source: GitHubResponseSource, staleReason: GitHubAPIError? = nil, rateLimit: GitHubRateLimit? = nil) {
        self.value = value
        self.nextPage = nextPage
        self.source = source
        self.staleReason = staleReason
        self.rateLimit = rateLimit
    }

    /// The body came from the cache because GitHub could not be reached or refused for now.
    public var isStale: Bool { source == .staleCache }

    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> GitHubResult<T> {
        GitHubResult<T>(value: try transform(value), nextPage: nextPage, source: source, staleReason: staleReason, rateLimit: rateLimit)
    }
}

extension GitHubResult: Equatable where Value: Equatable {}
