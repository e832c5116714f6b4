import Glibc
import NavClient
import NavProtocol

/// One navhost process, started with the host options `navhost mcp` was given, and the
/// NavClient that drives it; the tools act on one session, resources read with another.
final class NavSession: @unchecked Sendable {
    // `client` and `nextID` are touched only by jobs on `thread`.
    private var client: NavClient?
    private var nextID = 1
    private let thread: SessionThread
    private let executable: String
    private let arguments: [String]
    /// Set once the server ends: a call still waiting gives up.
    private let closing = CallControl()

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
            let client = try NavClient(executable: executable, arguments: ["serve"] + arguments)
            client.onStderr = { text in Self.writeStandardError(text) }
            self.client = client
            return try client.initialize(clientName: "navhost mcp")
        }
    }

    /// Runs `body` with this session's calls, after every job queued before it.
    func perform<T: Sendable>(_ control: CallControl? = nil, _ body: @escaping @Sendable (SessionCalls) throws -> T) async throws -> T {
        try await thread.run { [self] in
            guard let client else { throw NavClientError.disconnected("a session that is not running") }
            // Cancelled while it waited behind another call: nothing was sent yet.
            if control?.isStopped == true { throw CallStopped(reason: "cancelled by the client") }
            return try body(SessionCalls(client: client, control: control, closing: closing, nextID: { [self] in
                defer { nextID += 1 }
                return nextID
            }))
        }
    }

    /// Ends navhost (`shutdown` and `exit`, then SIGTERM and SIGKILL if it does not go) once
    /// the job in progress has given up.
    func close() async {
        closing.stop()
        _ = try? await thread.run { [self] in
            guard let client else { return }
            self.client = nil
            if (try? client.shutdownAndExit(timeout: 5)) == nil {
                client.signal(SIGTERM)
                if (try? client.waitForExit(timeout: 3)) == nil {
                    client.signal(SIGKILL)
                    _ = try? client.waitForExit(timeout: 3)
                }
            }
        }
    }

    static func writeStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// A call that stopped before navhost answered: cancelled by the client, or cut short.
struct CallStopped: Error, Equatable {
    var reason: String
}

/// The calls of one job on a session: requests pipelined to navhost and awaited together,
/// cancelled underneath (`$/cancelRequest`) when the MCP request is cancelled.
struct SessionCalls {
    let client: NavClient
    let control: CallControl?
    let closing: CallControl
    let nextID: () -> Int

    /// Sends a typed request and decodes its answer.
    func send<R: RPCRequestType>(_ request: R) throws -> R.Response {
        try decode(R.self, try collect([try post(request)])[0])
    }

    /// Sends requests back to back (navhost runs them in order) and awaits them all: one round
    /// trip. Each answer is a result or navhost's error; a call that stopped throws.
    func sendAll(_ requests: [any RPCRequestType]) throws -> [Result<JSONValue, NavClientError>] {
        try collect(try requests.map { try post($0) })
    }

    func decode<R: RPCRequestType>(_ type: R.Type, _ answer: Result<JSONValue, NavClientError>) throws -> R.Response {
        let result = try answer.get()
        do {
            return try JSONValueDecoder().decode(R.Response.self, from: result)
        } catch {
            throw NavClientError.unexpectedReply("\(R.method): \(error)")
        }
    }

    private func post(_ request: some RPCRequestType) throws -> String {
        let id = "mcp-\(nextID())"
        let method = type(of: request).method
        client.send(.object(["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": try JSONValueEncoder().encode(request)]))
        return id
    }

    /// Awaits the replies to `ids`, in their order. While it waits, reports the time to
    /// `control`, and cancels the requests (`$/cancelRequest`) when asked to stop.
    private func collect(_ ids: [String]) throws -> [Result<JSONValue, NavClientError>] {
        var replies: [String: JSONValue] = [:]
        let started = ContinuousClock.now
        var stoppedBecause: String?
        var stoppedAt = 0.0
        while replies.count < ids.count {
            let reply: JSONValue
            do {
                reply = try client.nextReply(timeout: 0.05)
            } catch NavClientError.timedOut {
                let waited = Self.seconds(since: started)
                if stoppedBecause == nil, let reason = stopReason(waited) {
                    stoppedBecause = reason
                    stoppedAt = waited
                    for id in ids where replies[id] == nil { client.notify("$/cancelRequest", .object(["id": .string(id)])) }
                } else if stoppedBecause != nil && waited - stoppedAt > 5 {
                    throw NavClientError.timedOut("navhost to answer a cancelled request")
                }
                if stoppedBecause == nil { control?.onWait?(waited) }
                continue
            }
            if let id = reply["id"]?.stringValue, ids.contains(id) { replies[id] = reply }
        }
        _ = client.drainNotifications()
        if let stoppedBecause { throw CallStopped(reason: stoppedBecause) }
        return ids.map { id in
            let reply = replies[id] ?? .null
            if let error = reply["error"] {
                return .failure(.rpc(RPCError(json: error) ?? RPCError(code: 0, message: "malformed error \(error)")))
            }
            guard let result = reply["result"] else { return .failure(.unexpectedReply("no result in \(reply)")) }
            return .success(result)
        }
    }

    private func stopReason(_ waited: Double) -> String? {
        if control?.isStopped == true { return "cancelled by the client" }
        if closing.isStopped { return "the server is closing" }
        if waited > NavSession.callLimit { return "navhost did not answer within \(Int(NavSession.callLimit)) s" }
        return nil
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
