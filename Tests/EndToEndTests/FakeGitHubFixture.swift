import FakeGitHub
import Glibc
import UVKit

/// The fake GitHub server on loopback, scripted with `rules`, and a response cache file of the
/// test's own; the server is closed and the cache removed when the fixture goes.
final class FakeGitHubFixture {
    let loop = UVLoop()
    let server: FakeGitHubServer
    let cachePath: String

    /// What a live-source host gets by default: no token, a home of its own.
    static let environment = ["PATH=/usr/bin:/bin", "HOME=/tmp"]

    /// `name` keeps the cache files of tests that run at once apart.
    init(_ name: String, rules: [FakeRule]) throws {
        server = try FakeGitHubServer(loop: loop)
        cachePath = "/tmp/navshell-e2e-cache-\(name)-\(getpid()).sqlite"
        try server.script(rules)
    }

    deinit {
        server.close()
        for suffix in ["", "-wal", "-shm"] { unlink(cachePath + suffix) }
    }

    /// The issue PyGithub/PyGithub#28 reached by its deep link (the screens above it answered
    /// with empty lists), whose comments are read empty as it opens and whose next one GitHub
    /// refuses (403): what a client must give back whole.
    static var refusedComment: (path: String, rules: [FakeRule]) { (
        path: "/repos/PyGithub/PyGithub/issues/28/comments",
        rules: [
            FakeRule(path: "/search/users", status: 200, body: ["total_count": 0, "incomplete_results": false, "items": []]),
            FakeRule(path: "/users/PyGithub/repos", status: 200, body: []),
            FakeRule(path: "/repos/PyGithub/PyGithub/issues", status: 200, body: []),
            FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/comments", times: 1, status: 200, body: []),
            FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/comments", status: 403, body: ["message": "Must have admin rights to Repository."]),
        ]
    ) }

    /// navhost with the live source against this server, with `arguments` after the source's.
    func host(_ arguments: [String] = [], environment: [String] = FakeGitHubFixture.environment) throws -> HostUnderTest {
        try HostUnderTest(["--source", "github", "--api-url", server.baseURL, "--cache", cachePath] + arguments, environment: environment)
    }
}
