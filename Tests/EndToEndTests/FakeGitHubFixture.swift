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

    /// navhost with the live source against this server, with `arguments` after the source's.
    func host(_ arguments: [String] = [], environment: [String] = FakeGitHubFixture.environment) throws -> HostUnderTest {
        try HostUnderTest(["--source", "github", "--api-url", server.baseURL, "--cache", cachePath] + arguments, environment: environment)
    }
}
