import Glibc
import NavClient
import NavProtocol
import Synchronization

/// One navhost process, started with the host options `navhost mcp` was given, and the
/// NavClient that drives it; the tools act on one session, resources read with another. Every
/// request of a job goes through NavClient's `replies(to:)`, under the job's stop, on the
/// session's thread, one job at a time; only `initialize` at the start and the shutdown at the
/// end are plain requests (`NavClient.request`), which no client call can stop.
final class NavSession: Sendable {
    /// Touched only by jobs on `thread`; the lock makes the class Sendable, never waits.
    private let client = Mutex<NavClient?>(nil)
    /// The stop of the job under way: the server's end stops it.
    private let running = Mutex<(stop: CallStop?, closing: Bool)>((nil, false))
    private let thread: SessionThread
    private let executable: String
    private let arguments: [String]

    /// A call's longest wait for navhost before it is cancelled (the workers' own timeouts are shorter).
    static let callLimit = 60.0

    init(name: String, executable: String, arguments: [String]) {
        thread = SessionThread(name: name)
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts navhost and sends `initialize`; returns the host's answer (its catalog of screens).
    func start() async throws -> InitializeRequest.Response {
        try await thread.run { [self] in
            try client.withLock { client in
                let started = try NavClient(executable: executable, arguments: ["serve"] + arguments)
                started.onStderr = { text in FileOutput.write(text, to: 2) }
                client = started
                return try started.initialize(clientName: "navhost mcp")
            }
        }
    }

    /// Runs `body` with this session's client, after every job queued before it. A stop before
    /// the job starts sends nothing; one while it waits cancels what navhost still owes.
    func perform<T: Sendable>(
        _ stop: CallStop = CallStop(), progress: (@Sendable (Double) -> Void)? = nil, _ body: @escaping @Sendable (SessionJob) throws -> T
    ) async throws -> T {
        try await thread.run { [self] in
            try client.withLock { client in
                guard let client else { throw NavClientError.disconnected("a session that is not running") }
                let closing = running.withLock { running in
                    running.stop = stop
                    return running.closing
                }
                defer {
                    running.withLock { $0.stop = nil }
                    _ = client.drainNotifications()
                }
                if closing { stop.stop("the server is closing") }
                if let reason = stop.reason { throw CallStopped(reason: reason) }
                return try body(SessionJob(client: client, stop: stop, progress: progress))
            }
        }
    }

    /// The deep-link grammar navhost's root screen reads (`users[/LOGIN[…]]`), from the refusal
    /// of an empty path, which changes nothing; nil when the root answers none (a plugin's).
    func deepLinkGrammar() async -> String? {
        try? await perform { job -> String? in
            do {
                _ = try job.send(OpenRequest(path: ""))
                return nil
            } catch let error as NavClientError {
                return error.rpcError?.data?["grammar"]?.stringValue
            }
        }
    }

    /// Ends navhost (`shutdown` and `exit`, then SIGTERM and SIGKILL if it does not go) once
    /// the job in progress has given up.
    func close() async {
        running.withLock { running in
            running.closing = true
            running.stop?.stop("the server is closing")
        }
        _ = try? await thread.run { [self] in
            client.withLock { client in
                guard let ending = client else { return }
                client = nil
                if (try? ending.shutdownAndExit(timeout: 5)) == nil {
                    ending.signal(SIGTERM)
                    if (try? ending.waitForExit(timeout: 3)) == nil {
                        ending.signal(SIGKILL)
                        _ = try? ending.waitForExit(timeout: 3)
                    }
                }
            }
        }
    }
}

/// What one job of a session sends navhost: requests pipelined and awaited together through
/// `NavClient.replies(to:)`, under the call's stop, reporting its waits as progress.
struct SessionJob {
    let client: NavClient
    let stop: CallStop
    let progress: (@Sendable (Double) -> Void)?

    /// Sends a typed request and decodes its answer.
    func send<R: RPCRequestType>(_ request: R) throws -> R.Response {
        try client.send(request, timeout: NavSession.callLimit, stop: stop, progress: progress.map { (ProgressReporter.interval, $0) })
    }

    /// Sends requests back to back (navhost runs them in order) and awaits them all: one round
    /// trip. Each answer is a result or navhost's error; a call that stopped throws.
    func sendAll(_ requests: [any RPCRequestType]) throws -> [Result<JSONValue, NavClientError>] {
        try client.replies(
            to: try client.post(requests), timeout: NavSession.callLimit, stop: stop,
            progress: progress.map { (ProgressReporter.interval, $0) })
    }
}
