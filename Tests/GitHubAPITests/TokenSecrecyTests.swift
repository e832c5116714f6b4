import FakeGitHub
import Foundation
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import NavProtocol
import Testing

/// The token reaches GitHub and nothing else: not errors (even when the server echoes it),
/// not their JSON data, not stale reasons, not the client's description.
@Suite struct TokenSecrecyTests {
    static let token = "ghp_S3cretTokenValue0123456789abcdefABCD"

    /// Whether `text` holds the token's bytes: `String.contains` compares `Character`s and misses a
    /// token followed by a combining mark, as a redaction by `Character`s did.
    static func leaks(_ text: String) -> Bool {
        let bytes = Array(text.utf8), token = Array(token.utf8)
        guard bytes.count >= token.count else { return false }
        return (0...(bytes.count - token.count)).contains { bytes[$0..<($0 + token.count)].elementsEqual(token) }
    }

    private func texts(of error: GitHubAPIError) -> [String] {
        var dumped = ""
        dump(error, to: &dumped)
        return [error.message, error.description, String(reflecting: error), dumped, "\(error.data)", error.detail ?? "", error.url ?? ""]
    }

    @Test func noErrorEverContainsTheToken() throws {
        try withHarness { harness in
            try harness.server.script([
                FakeRule(path: "/users/echo", fault: "echo_authorization"),
                FakeRule(path: "/users/slow", delayMilliseconds: 5000),
                FakeRule(path: "/users/dropped", fault: "drop"),
                FakeRule(path: "/users/garbled", fault: "malformed", recording: "13_user-hub4j-mojombo.json"),
            ])
            let api = try harness.client(token: Self.token, timeout: .milliseconds(300))
            var errors: [GitHubAPIError] = []
            for login in ["echo", "slow", "dropped", "garbled", "ThisUserShouldReallyNotExist"] {
                if case .failure(let error)? = harness.wait({ api.user(login: login, completion: $0) }) { errors.append(error) }
            }
            #expect(errors.map(\.kind) == [.badCredentials, .timeout, .connectionLost, .malformedResponse, .notFound])
            let echoed = try #require(errors.first?.githubMessage)
            #expect(echoed == "Bad credentials: Bearer <redacted>", "the server echoed the header; the client must redact it")
            harness.server.stop()
            if case .failure(let error)? = harness.wait({ api.user(login: "mojombo", completion: $0) }) { errors.append(error) }
            #expect(errors.count == 6)
            for error in errors {
                for text in texts(of: error) {
                    #expect(!Self.leaks(text), "the token leaked into: \(text)")
                }
            }
        }
    }

    /// Every endpoint goes through the same fetch: each redacts a token the server echoes.
    @Test func everyEndpointRedactsAnEchoedToken() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/", match: "prefix", fault: "echo_authorization")])
            let api = try harness.client(token: Self.token)
            func failure<Value>(_ start: (@escaping (Result<GitHubResult<Value>, GitHubAPIError>) -> Void) -> GitHubAPITask) -> GitHubAPIError? {
                guard case .failure(let error)? = harness.wait({ _ = start($0) }) else { return nil }
                return error
            }
            let errors = [
                failure { api.issues(owner: "PyGithub", name: "PyGithub", state: .all, completion: $0) },
                failure { api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) },
                failure { api.comments(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) },
                failure { api.pullRequests(owner: "PyGithub", name: "PyGithub", state: .closed, completion: $0) },
                failure { api.pullRequest(owner: "PyGithub", name: "PyGithub", number: 3370, completion: $0) },
                failure { api.readme(owner: "octokit", name: "octokit.rb", completion: $0) },
                failure { api.searchRepositories(query: "octokit", completion: $0) },
                failure { api.starredRepositories(login: "jacquev6", completion: $0) },
            ]
            #expect(errors.map { $0?.kind } == Array(repeating: .badCredentials, count: 8))
            for error in errors.compactMap({ $0 }) {
                #expect(error.githubMessage == "Bad credentials: Bearer <redacted>")
                for text in texts(of: error) {
                    #expect(!Self.leaks(text), "the token leaked into: \(text)")
                }
            }
            #expect(try harness.server.requests().allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
        }
    }

    @Test func theTokenIsSentAsABearerHeaderOnly() throws {
        try withHarness { harness in
            let api = try harness.client(token: Self.token)
            _ = harness.wait { api.user(login: "mojombo", completion: $0) }
            let request = try #require(try harness.server.requests().first)
            #expect(request.headers["authorization"] == "Bearer \(Self.token)")
            #expect(!Self.leaks(request.path))
            var dumped = ""
            dump(api, to: &dumped)
            for text in [String(describing: api), String(reflecting: api), dumped] {
                #expect(!Self.leaks(text), "\(text)")
            }
        }
    }

    @Test func staleReasonsAreRedactedToo() throws {
        try withHarness { harness in
            let api = try harness.client(token: Self.token, cache: try harness.cache())
            _ = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            try harness.server.script([FakeRule(path: "/users/mojombo", status: 503, body: ["message": .string("down for \(Self.token)")])])
            let stale = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(stale.isStale)
            let reason = try #require(stale.staleReason)
            #expect(reason.kind == .serverError)
            for text in texts(of: reason) {
                #expect(!Self.leaks(text), "\(text)")
            }
        }
    }

    /// A server that echoes the token with a combining mark right after it (U+0301, U+20DD): the
    /// mark is part of the token's last `Character`, and the token is redacted all the same.
    @Test(arguments: ["\u{0301}", "\u{20DD}"])
    func aTokenWithAMarkAfterItIsRedactedToo(mark: String) throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", status: 500, body: ["message": .string("down for \(Self.token)\(mark) now")])])
            let api = try harness.client(token: Self.token)
            guard case .failure(let error)? = harness.wait({ api.user(login: "mojombo", completion: $0) }) else {
                Issue.record("expected the request to fail")
                return
            }
            #expect(error.githubMessage == "down for <redacted>\(mark) now")
            for text in texts(of: error) {
                #expect(!Self.leaks(text), "the token leaked into: \(text)")
            }
        }
    }

    /// A write's failure reaches the client as an action's message: a token the server echoes
    /// (in a 401, a 403, a 422, a secondary limit) is redacted there too, and no write logs it.
    @Test func noWriteFailureEverContainsTheToken() throws {
        try withHarness { harness in
            let echoed = "Bad credentials: Bearer \(Self.token)"
            try harness.server.script([
                FakeRule(path: "/user/starred/nvie/gitflow", fault: "echo_authorization"),
                FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/comments", status: 403, body: ["message": .string(echoed)]),
                FakeRule(path: "/repos/PyGithub/PyGithub/issues/28", status: 422, body: ["message": .string(echoed)]),
                FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/reactions", status: 429, body: ["message": .string(echoed)], addHeaders: ["Retry-After": ""]),
                FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/labels", fault: "drop"),
            ])
            let source = LiveGitHubSource(api: try harness.client(token: Self.token), allowsWrites: true)
            let ref = GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 28)
            let writes: [GitHubWrite] = [
                .star(owner: "nvie", name: "gitflow"), .comment(ref, body: "hello"), .close(ref, reason: .completed, pullRequest: false),
                .react(ref, content: "heart"), .addLabel(ref, label: "bug"),
            ]
            var failures: [ActionFailure] = []
            for write in writes {
                if case .failure(let failure)? = harness.perform(write, on: source) { failures.append(failure) }
            }
            #expect(failures.map(\.reason) == [.forbidden, .forbidden, .validation, .rateLimited, .unavailable])
            #expect(failures.first?.message.contains("Bearer <redacted>") == true, "the echo is there, redacted")
            for failure in failures {
                var dumped = ""
                dump(failure, to: &dumped)
                for text in [failure.message, String(describing: failure), dumped, "\(failure.rpcError(action: "a", input: nil))"] {
                    #expect(!Self.leaks(text), "the token leaked into: \(text)")
                }
            }
            #expect(try harness.server.requests().allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" && !Self.leaks($0.path) })
        }
    }

    @Test func theTokenComesFromGITHUB_TOKEN() {
        #expect(GitHubAPIClient.token(fromEnvironment: ["GITHUB_TOKEN": " abc \n"]) == "abc")
        #expect(GitHubAPIClient.token(fromEnvironment: ["GITHUB_TOKEN": "  "]) == nil)
        #expect(GitHubAPIClient.token(fromEnvironment: [:]) == nil)
    }
}
