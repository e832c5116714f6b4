import HTTPClient
import UVKit

/// One request sent once, as it is: never from the cache, never redirected, never retried.
/// What writes and the star check go through. Any status GitHub answers is a success here (the
/// caller reads it); only a request that got no answer fails, with its error redacted.
final class GitHubExchange {
    private let context: FetchContext
    private let request: HTTPRequest
    private var completion: ((Result<HTTPResponse, GitHubAPIError>) -> Void)?
    private var task: HTTPTask?

    init(context: FetchContext, method: String, url: String, body: [UInt8]?, completion: @escaping (Result<HTTPResponse, GitHubAPIError>) -> Void) {
        var headers = context.headers
        if body != nil { headers.set(name: "Content-Type", value: "application/json; charset=utf-8") }
        self.context = context
        // A write on a kept connection could be sent twice by libcurl (`freshConnection`).
        request = HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: context.timeout, freshConnection: method != "GET")
        self.completion = completion
    }

    var isRunning: Bool { completion != nil }

    /// Sends it. The caller built the URL on the API's origin (`GitHubAPIClient.refusal(of:)` checks).
    func start() {
        task = context.http.send(request) { [self] result in
            task = nil
            finish(result.mapError { failure in
                GitHubAPIError.from(failure, url: request.url, timeout: context.timeout).redacting(context.token)
            })
        }
    }

    func cancel() {
        completion = nil
        task?.cancel()
        task = nil
    }

    private func finish(_ result: Result<HTTPResponse, GitHubAPIError>) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}

@available(*, unavailable)
extension GitHubExchange: Sendable {}
