import Foundation
import Glibc
import HTTPClient
import NavProtocol
import UVKit

/// The fake GitHub server (Tests/Fixtures/fake-github) as a child process on the test's loop.
/// It listens on 127.0.0.1 only; it stops when its stdin closes, so it never outlives the test.
public final class FakeGitHubServer {
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public let loop: UVLoop
    public let port: Int
    public let prefix: String
    private let process: UVProcess
    private let stdin: UVPipe
    private let stdout: UVPipe
    private let stderr: UVPipe
    private let control: HTTPClient

    /// `http://127.0.0.1:PORT` plus the API prefix, for `GitHubAPIClient(baseURL:)`.
    public var baseURL: String { "http://127.0.0.1:\(port)\(prefix)" }
    private var controlURL: String { "http://127.0.0.1:\(port)" }
    public var isRunning: Bool { process.exitStatus == nil }

    public init(loop: UVLoop, prefix: String = "") throws {
        let corpus = try GitHubCorpus.requireDirectory()
        let stdin = try UVPipe(loop: loop)
        let stdout = try UVPipe(loop: loop)
        let stderr = try UVPipe(loop: loop)
        let arguments = ["-u", "-B", GitHubCorpus.fakeServerScript, "--corpus", corpus] + (prefix.isEmpty ? [] : ["--prefix", prefix])
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let process = try UVProcess(
            loop: loop,
            options: .init(
                executable: try Self.python(), arguments: arguments, environment: environment, stdin: stdin, stdout: stdout,
                stderr: stderr)
        ) { _ in }
        var output: [UInt8] = []
        var errors: [UInt8] = []
        stdout.onRead = { output += $0 }
        stderr.onRead = { errors += $0 }
        try stdout.startReading()
        try stderr.startReading()
        let started = loop.run { output.contains(UInt8(ascii: "\n")) || process.exitStatus != nil }
        let line = String(decoding: output.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard started, let port = Int(line) else {
            loop.run(seconds: 2) { process.exitStatus != nil }
            [stdin, stdout, stderr].forEach { $0.close() }
            process.kill(SIGKILL)
            process.close()
            throw StartFailure(description: "the fake GitHub server did not start: \(String(decoding: errors, as: UTF8.self))")
        }
        // Keep draining both pipes so the server never blocks writing to them.
        stdout.onRead = { _ in }
        stderr.onRead = { _ in }
        self.loop = loop
        self.prefix = prefix
        self.port = port
        self.process = process
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        control = try HTTPClient(loop: loop)
    }

    /// Replaces the server's rules.
    public func script(_ rules: [FakeRule]) throws {
        let body = try JSONEncoder().encode(rules)
        let request = HTTPRequest(method: "POST", url: "\(controlURL)/__script", headers: ["Content-Type": "application/json"], body: [UInt8](body))
        let result = waitFor(loop) { control.send(request, completion: $0) }
        guard case .success(let response)? = result, response.status == 200 else {
            throw StartFailure(description: "scripting the fake server failed: \(String(describing: result))")
        }
    }

    /// The server's request log, oldest first.
    public func requests() throws -> [LoggedRequest] {
        let result = waitFor(loop) { control.send(HTTPRequest(url: "\(controlURL)/__requests"), completion: $0) }
        guard case .success(let response)? = result, response.status == 200 else {
            throw StartFailure(description: "reading the fake server's log failed: \(String(describing: result))")
        }
        return try JSONDecoder().decode([LoggedRequest].self, from: Data(response.body))
    }

    /// Runs the loop until the log satisfies `condition` (the server records asynchronously).
    public func waitForLog(seconds: Double = 10, until condition: ([LoggedRequest]) -> Bool) throws -> [LoggedRequest] {
        var log = try requests()
        let deadline = loop.now + UInt64(seconds * 1000)
        while !condition(log) && loop.now < deadline {
            runFor(loop, milliseconds: 20)
            log = try requests()
        }
        return log
    }

    /// The log once no request is pending: the server records an outcome only after it wrote
    /// (or failed to write) the answer, which can be after the client already has it.
    public func settledRequests() throws -> [LoggedRequest] {
        try waitForLog { log in log.allSatisfy { $0.outcome != "pending" } }
    }

    /// Closes the server's stdin and waits for it to exit: its port then refuses connections.
    public func stop() {
        guard process.exitStatus == nil else { return }
        control.close()
        stdin.close()
        if !loop.run(seconds: 5, until: { process.exitStatus != nil }) {
            process.kill(SIGKILL)
            loop.run(seconds: 5) { process.exitStatus != nil }
        }
    }

    public func close() {
        stop()
        control.close()
        [stdin, stdout, stderr].forEach { $0.close() }
        process.close()
    }

    private static func python() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/python3"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw StartFailure(description: "python3 is not on PATH (\(path)); the fake GitHub server needs it")
    }
}
