/// A complete HTTP response: the final one when the server sent interim (1xx) responses first.
/// A compressed body arrives decoded; its `Content-Encoding` header is kept as sent.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The URL that was requested (redirects are not followed at this level).
    public var url: String

    public init(status: Int, headers: HTTPHeaders, body: [UInt8], url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}

extension HTTPResponse: CustomStringConvertible {
    public var description: String { "\(status) from \(url), \(body.count) bytes, headers \(headers)" }
}
