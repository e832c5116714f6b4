/// One HTTP request. Its headers print with credentials redacted (see `HTTPHeaders`).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// An absolute http or https URL, already percent-encoded.
    public var url: String
    public var headers: HTTPHeaders
    public var body: [UInt8]?
    /// The limit on the whole transfer, from connecting to the last body byte; nil for none.
    public var timeout: Duration?
    /// The limit on connecting alone; nil for libcurl's default (300 s).
    public var connectTimeout: Duration?
    /// Sent on a new connection, never one kept from an earlier request. libcurl sends a
    /// request again, once, when a kept connection turns out closed before any answer; a
    /// request that must never be sent twice (a write) asks for a new one.
    public var freshConnection: Bool

    public init(
        method: String = "GET", url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil,
        timeout: Duration? = .seconds(30), connectTimeout: Duration? = .seconds(10), freshConnection: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.freshConnection = freshConnection
    }
}

extension HTTPRequest: CustomStringConvertible {
    public var description: String { "\(method) \(url) \(headers)" }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration (libcurl reads 0 as "no limit").
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int(max(milliseconds, attoseconds > 0 || seconds > 0 ? 1 : 0))
    }
}
