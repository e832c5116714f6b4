import FakeGitHub
import Foundation
import GitHubAPI
import GitHubData
import GitHubModels
import HTTPClient
import ListController
import UVKit

/// A loop, a fake GitHub server on it, an HTTP client, and a response cache in a fresh folder;
/// `client(...)` makes API clients against the server. Everything is closed by `withHarness`.
final class Harness {
    let loop = UVLoop()
    let server: FakeGitHubServer
    let http: HTTPClient
    let folder: String

    init(prefix: String = "") throws {
        folder = NSTemporaryDirectory() + "navshell-github-tests-\(UUID().uuidString)"
        server = try FakeGitHubServer(loop: loop, prefix: prefix)
        http = try HTTPClient(loop: loop)
    }

    /// A cache file in this harness's folder; the same name opens the same file.
    func cache(named name: String = "cache", maximumBytes: Int = ResponseCache.defaultMaximumBytes) throws -> ResponseCache {
        try ResponseCache(path: "\(folder)/\(name).sqlite", maximumBytes: maximumBytes)
    }

    func client(
        token: String? = nil, perPage: Int = 30, cache: ResponseCache? = nil, timeout: Duration = .seconds(10), writeSpacing: Duration = .zero
    ) throws -> GitHubAPIClient {
        try GitHubAPIClient(
            http: http, baseURL: server.baseURL, token: token, perPage: perPage, cache: cache, timeout: timeout, writeSpacing: writeSpacing)
    }

    /// The live source over a client of this server, allowed to write.
    func writer(token: String? = "ghp_writer", cache: ResponseCache? = nil, timeout: Duration = .seconds(10), writeSpacing: Duration = .zero) throws -> LiveGitHubSource {
        LiveGitHubSource(api: try client(token: token, cache: cache, timeout: timeout, writeSpacing: writeSpacing), allowsWrites: true)
    }

    /// Performs a write and runs the loop until it is answered.
    func perform(_ write: GitHubWrite, on source: LiveGitHubSource) -> Result<Void, ActionFailure>? {
        wait { source.write(write, completion: $0) }
    }

    /// Starts a request and runs the loop until it completes (or the deadline passes: nil).
    func wait<T>(seconds: Double = 10, _ start: (@escaping (T) -> Void) -> Void) -> T? {
        waitFor(loop, seconds: seconds, start)
    }

    func close() {
        http.close()
        server.close()
        loop.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Runs `body` with a fresh harness and closes it however `body` ends.
func withHarness(prefix: String = "", _ body: (Harness) throws -> Void) throws {
    let harness = try Harness(prefix: prefix)
    defer { harness.close() }
    try body(harness)
}
