import Foundation
import HTTPClient
import NavProtocol

/// The error body GitHub sends: `{"message": …, "documentation_url": …, "errors": [{…}]}`.
private struct GitHubErrorBody: Decodable {
    struct Item: Decodable {
        var message: String?
        var code: String?
        var field: String?
    }

    var message: String?
    var documentationURL: String?
    var errors: [Item]?

    enum CodingKeys: String, CodingKey {
        case message
        case documentationURL = "documentation_url"
        case errors
    }
}

extension GitHubAPIError {
    /// The error for a response GitHub sent with a failure status.
    static func from(_ response: HTTPResponse, resource: GitHubResource, authenticated: Bool) -> GitHubAPIError {
        let body = try? JSONValueDecoder().decode(GitHubErrorBody.self, from: JSONValue(parsing: response.body))
        let said = body?.message.map { ": \($0)" } ?? ""
        var error = GitHubAPIError(
            kind: .serverError, message: "GitHub answered \(response.status)\(said).", status: response.status,
            url: response.url, githubMessage: body?.message, documentationURL: body?.documentationURL)
        let headers = response.headers
        switch response.status {
        case 401:
            error.kind = .badCredentials
            error.message = authenticated
                ? "GitHub rejected the token in GITHUB_TOKEN (401\(said)); replace it, or unset it to browse anonymously."
                : "GitHub requires a token for this (401\(said)); set GITHUB_TOKEN."
        case 403, 429:
            // The X-RateLimit-* headers read as every response's are (`GitHubRateLimit`).
            let rateLimit = GitHubRateLimit(headers: headers, endpointResource: resource.rateLimitResource)
            let remaining = rateLimit?.remaining
            // A Retry-After marks a secondary limit even when blank; octokit waits 60 s then.
            let retryAfter = headers["Retry-After"].map { Int($0.trimmingSpaces) ?? Self.blankRetryAfter }
            let text = (body?.message ?? "").lowercased()
            let limited = response.status == 429 || remaining == 0 || retryAfter != nil
                || text.contains("rate limit") || text.contains("abuse")
            guard limited else {
                error.kind = .forbidden
                error.message = "GitHub refused access (403\(said))."
                break
            }
            error.kind = .rateLimited
            error.rateLimitReset = rateLimit?.reset
            error.retryAfter = retryAfter
            let quota = rateLimit?.resource ?? resource.rateLimitResource
            error.message = rateLimitMessage(error, limit: rateLimit?.limit, search: quota == "search", authenticated: authenticated)
        case 404:
            error.kind = .notFound
            error.message = resource.notFoundMessage
        case 410:
            error.kind = .gone
            error.message = "GitHub says it is not there (410\(said))."
        case 422:
            error.kind = .invalidQuery
            let reasons = (body?.errors ?? []).compactMap(\.message)
            let reason = reasons.isEmpty ? (body?.message ?? "Validation Failed") : reasons.joined(separator: "; ")
            error.message = "\(resource.rejectedMessage): \(reason)\(reason.hasSuffix(".") ? "" : ".")"
        default:
            break
        }
        return error
    }

    /// The wait assumed for a secondary rate limit whose `Retry-After` is blank, and for a write
    /// refused by a limit that gives no time at all (GitHub's advice: at least a minute).
    static let blankRetryAfter = 60

    /// Searches count against their own quota, per minute, apart from the hourly one of every
    /// other request: the message names the one that ran out.
    private static func rateLimitMessage(_ error: GitHubAPIError, limit: Int?, search: Bool, authenticated: Bool) -> String {
        let hint = authenticated ? "" : " Set GITHUB_TOKEN for a higher limit."
        if let retryAfter = error.retryAfter {
            return "GitHub's secondary rate limit was hit (too many requests in a short time); retry in \(retryAfter) s."
        }
        let name = search ? "search rate limit" : "API rate limit"
        let quota = limit.map { search ? " (\($0) searches per minute)" : " (\($0) requests per hour)" } ?? ""
        if let reset = error.rateLimitResetISO8601 {
            return "GitHub's \(name) is used up\(quota); it resets at \(reset).\(hint)"
        }
        return "GitHub's \(name) is used up\(quota); try again later.\(hint)"
    }

    /// The error for a request that got no response.
    static func from(_ failure: HTTPError, url: String, timeout: Duration) -> GitHubAPIError {
        let host = APIURL.host(of: url) ?? url
        var error = GitHubAPIError(kind: .requestFailed, message: "", url: url, detail: failure.message)
        switch failure.kind {
        case .timeout:
            error.kind = .timeout
            error.message = "GitHub did not answer within \(timeout.formattedSeconds) (\(host))."
        case .dnsFailure:
            error.kind = .dnsFailure
            error.message = "Could not resolve \(host): check the network connection and the API URL."
        case .connectionFailed:
            error.kind = .connectionFailed
            error.message = "Could not connect to \(host): \(failure.message)."
        case .connectionLost:
            error.kind = .connectionLost
            error.message = "The connection to \(host) broke before GitHub's answer was complete: \(failure.message)."
        case .tls:
            error.message = "A secure connection to \(host) could not be set up: \(failure.message)."
        case .invalidURL:
            error.message = "'\(url)' is not a usable API URL: \(failure.message)."
        case .clientClosed, .other:
            error.message = "The request to \(host) failed: \(failure.message)."
        }
        return error
    }

    static func malformed(url: String, _ failure: any Error) -> GitHubAPIError {
        GitHubAPIError(
            kind: .malformedResponse, message: "GitHub's answer from \(APIURL.host(of: url) ?? url) could not be read as the expected JSON.",
            url: url, detail: describeDecodingError(failure))
    }
}

extension Duration {
    /// "15 s", "0.2 s".
    var formattedSeconds: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

extension String {
    var trimmingSpaces: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
