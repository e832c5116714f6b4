import Foundation
import NavProtocol

/// Why a GitHub request failed, in words a user can act on (`message`), with the facts behind
/// it as JSON-able `data` for a JSON-RPC error. No field ever holds the token: every string is
/// passed through `redacting(_:)` before the error leaves the client.
public struct GitHubAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// 401: the token is wrong, expired, or a token is required.
        case badCredentials
        /// 403/429 for the primary (X-RateLimit-*) or secondary (Retry-After) rate limit.
        case rateLimited
        /// Any other 403.
        case forbidden
        /// 404: no such user or repository (or not visible to this token).
        case notFound
        /// 410: there for good no more, or turned off (a repository's issues when it has none).
        case gone
        /// 422: GitHub refused the search query or parameters.
        case invalidQuery
        /// No complete answer within the client's timeout.
        case timeout
        /// The API host name could not be resolved.
        case dnsFailure
        /// Nothing accepted the connection.
        case connectionFailed
        /// The connection broke before the answer was complete (reset, dropped, truncated).
        case connectionLost
        /// The body was not the JSON this endpoint returns.
        case malformedResponse
        /// 5xx, or a status this client does not expect.
        case serverError
        /// A redirect or page link pointing away from the API's host, or too many redirects.
        case redirectRefused
        /// The request could not be made: an invalid API URL, a TLS failure, a local error.
        case requestFailed
    }

    public var kind: Kind
    public var message: String
    public var status: Int?
    /// The URL requested when it failed.
    public var url: String?
    /// GitHub's own `message` from the error body.
    public var githubMessage: String?
    public var documentationURL: String?
    /// When the primary rate limit resets, in seconds since 1970 (X-RateLimit-Reset).
    public var rateLimitReset: Int?
    /// Seconds to wait before retrying (Retry-After, sent with secondary rate limits).
    public var retryAfter: Int?
    /// The lower-level cause: libcurl's message, the decoding failure.
    public var detail: String?

    public init(
        kind: Kind, message: String, status: Int? = nil, url: String? = nil, githubMessage: String? = nil,
        documentationURL: String? = nil, rateLimitReset: Int? = nil, retryAfter: Int? = nil, detail: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.status = status
        self.url = url
        self.githubMessage = githubMessage
        self.documentationURL = documentationURL
        self.rateLimitReset = rateLimitReset
        self.retryAfter = retryAfter
        self.detail = detail
    }

    public var description: String { message }

    /// Whether the same request may succeed later without the user changing anything.
    public var isTransient: Bool {
        switch kind {
        case .rateLimited, .timeout, .dnsFailure, .connectionFailed, .connectionLost, .serverError: return true
        default: return false
        }
    }

    /// The rate limit's reset time as ISO 8601 UTC ("2019-10-07T21:10:32Z").
    public var rateLimitResetISO8601: String? {
        rateLimitReset.map { GitHubAPIError.iso8601(secondsSince1970: $0) }
    }

    /// The error's facts as a JSON object, for the `data` of a JSON-RPC error.
    public var data: JSONValue {
        var fields: [String: JSONValue] = ["kind": .string(kind.rawValue), "message": .string(message)]
        fields["status"] = status.map(JSONValue.int)
        fields["url"] = url.map(JSONValue.string)
        fields["githubMessage"] = githubMessage.map(JSONValue.string)
        fields["documentationURL"] = documentationURL.map(JSONValue.string)
        fields["rateLimitReset"] = rateLimitReset.map(JSONValue.int)
        fields["rateLimitResetAt"] = rateLimitResetISO8601.map(JSONValue.string)
        fields["retryAfter"] = retryAfter.map(JSONValue.int)
        fields["detail"] = detail.map(JSONValue.string)
        fields["transient"] = .bool(isTransient)
        return .object(fields)
    }

    /// The same error with every occurrence of `secret` in its strings replaced.
    public func redacting(_ secret: String?) -> GitHubAPIError {
        guard let secret, !secret.isEmpty else { return self }
        func clean(_ text: String?) -> String? { text.map { Self.replacing(secret, in: $0, with: "<redacted>") } }
        var copy = self
        copy.message = clean(message) ?? ""
        copy.url = clean(url)
        copy.githubMessage = clean(githubMessage)
        copy.documentationURL = clean(documentationURL)
        copy.detail = clean(detail)
        return copy
    }

    /// `text` with every occurrence of `secret`'s UTF-8 bytes replaced. By bytes, not by
    /// `Character`s as `replacingOccurrences` compares: a secret followed in `text` by a combining
    /// mark ends inside a `Character` that is not the secret's last, and would be left in place.
    /// (In valid UTF-8 a secret's bytes can only match from the start of a scalar, so what is
    /// cut out is whole scalars.)
    static func replacing(_ secret: String, in text: String, with replacement: String) -> String {
        let needle = Array(secret.utf8), bytes = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= needle.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func iso8601(secondsSince1970 seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}
