import Glibc
import NavProtocol
import Testing
import Transport
import UVKit
@testable import NavHost

/// navhost's `Host`, all of it but the processes, in the test's process: its workers are fakes
/// (`FakeWorkers`) and its client is this harness, over a pair of pipes on the host's loop. Each
/// call runs the loop until what it waits for happens (or the time is up), as a client would
/// wait for navhost.
final class InProcessHost {
    let host: Host
    let workers: FakeWorkers
    private let client: RPCConnection
    private(set) var notifications: [RPCNotification] = []
    private var loop: UVLoop { host.loop }

    /// The defaults of `navhost --no-warm-spare`, changed by `configure`.
    init(_ configure: (inout HostConfiguration) -> Void = { _ in }) throws {
        // As navhost's `main` does: a write to a pipe whose reader is gone fails (EPIPE) instead
        // of ending the process.
        signal(SIGPIPE, SIG_IGN)
        var configuration = HostConfiguration()
        configuration.settings.warmSpare = false
        configure(&configuration)
        var toHost: [Int32] = [-1, -1]
        var fromHost: [Int32] = [-1, -1]
        guard pipe(&toHost) == 0, pipe(&fromHost) == 0 else { throw UVError(-errno) }
        workers = FakeWorkers()
        host = try Host(configuration: configuration, starter: workers, clientInput: toHost[0], clientOutput: fromHost[1])
        client = RPCConnection(
            loop: host.loop, name: "test client", reader: try UVPipe(loop: host.loop, fileDescriptor: fromHost[0]),
            writer: try UVPipe(loop: host.loop, fileDescriptor: toHost[1]), framing: .newlineDelimited, maxMessageBytes: 64 << 20)
        client.onNotification = { [unowned self] in notifications.append($0) }
        try client.start()
        try host.start(watchingSignals: false)
    }

    deinit {
        _ = host.close()
    }

    /// Sends a request and runs the loop until its answer.
    func request(_ method: String, _ params: JSONValue? = nil, timeout: Double = 5) throws -> Result<JSONValue, RPCError> {
        var answer: Result<JSONValue, RPCError>?
        _ = client.sendRequest(method: method, params: params, timeoutMilliseconds: nil) { answer = $0 }
        guard loop.run(seconds: timeout, until: { answer != nil }), let answer else { throw HarnessError("no answer to \(method)") }
        return answer
    }

    /// A request that must succeed, decoded as its response type.
    func send<R: RPCRequestType>(_ request: R, timeout: Double = 5) throws -> R.Response {
        let result = try self.request(R.method, try JSONValueEncoder().encode(request), timeout: timeout).get()
        return try JSONValueDecoder().decode(R.Response.self, from: result)
    }

    /// A request that must fail: its error.
    func error(_ method: String, _ params: JSONValue? = nil) throws -> RPCError {
        switch try request(method, params) {
        case .success(let value): throw HarnessError("expected an error from \(method), got \(value)")
        case .failure(let error): return error
        }
    }

    @discardableResult
    func initialize() throws -> InitializeRequest.Response {
        try send(InitializeRequest(processId: nil, clientInfo: .init(name: "NavHostTests")))
    }

    /// Runs the loop until the next notification of `type` and returns it (earlier ones of other
    /// methods stay).
    func next<N: RPCNotificationType>(_ type: N.Type, timeout: Double = 5) throws -> N {
        guard loop.run(seconds: timeout, until: { notifications.contains { $0.method == N.method } }),
            let index = notifications.firstIndex(where: { $0.method == N.method })
        else { throw HarnessError("no \(N.method)") }
        let notification = notifications.remove(at: index)
        return try JSONValueDecoder().decode(N.self, from: notification.params ?? .null)
    }

    /// Runs the loop until `condition` holds.
    func wait(timeout: Double = 5, until condition: () -> Bool) throws {
        guard loop.run(seconds: timeout, until: condition) else { throw HarnessError("the condition never held") }
    }

    /// `shutdown` and `exit`, then the loop runs to its end: the exit code, with every fake
    /// worker ended.
    func shutdown() throws -> Int32 {
        _ = try request(ShutdownRequest.method).get()
        client.sendNotification(method: ExitNotification.method, params: nil)
        client.onInputEnd = { [unowned self] _ in client.close() }
        loop.run()
        return host.close()
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
