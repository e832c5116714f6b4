import Glibc
import NavProtocol
import UVKit

/// Starts navhost as a child process and drives it over its stdin/stdout, synchronously:
/// each call runs the client's own libuv loop until the awaited message arrives or time runs out.
///
/// The library for end-to-end tests of NavShell, in XCTest or Swift Testing: start navhost,
/// call methods (typed with `send`, raw with `request`), await notifications, wait for idle
/// (`waitIdle`), and read screens as values (`readScreen`, `readStack`) or text (`render`).
/// `navhost demo`, `navhost run` and the project's own end-to-end tests use it. Every wait has
/// a timeout in seconds and throws `NavClientError` saying what it waited for. A client is not
/// thread-safe: use one per test. See docs/automation.md.
public final class NavClient {
    public let framing: Framing
    public private(set) var exitStatus: ProcessExitStatus?
    /// Everything navhost wrote to stderr so far.
    public private(set) var stderrText = ""
    /// Called with each stderr chunk as it arrives (the demo echoes it).
    public var onStderr: ((String) -> Void)?
    let loop = UVLoop()
    private let process: UVProcess
    private let stdin: UVPipe
    private let stdout: UVPipe
    private let stderr: UVPipe
    private var framer: MessageFramer
    private var inbox: [JSONValue] = []
    private var stdoutEnded = false
    var nextID = 1
    /// Wakes the loop from another thread to stop a wait (`CallStop`); made on first use.
    lazy var wakeUps: LoopInbox? = try? LoopInbox(loop: loop)

    public init(executable: String, arguments: [String] = [], environment: [String]? = nil, framing: Framing = .newlineDelimited) throws {
        self.framing = framing
        framer = MessageFramer(maxMessageBytes: 256 << 20, framing: framing)
        do {
            stdin = try UVPipe(loop: loop)
            // This client runs its loop only while it waits: what it sends must leave at once.
            stdin.coalescesWrites = false
            stdout = try UVPipe(loop: loop)
            stderr = try UVPipe(loop: loop)
            var exitHandler: ((ProcessExitStatus) -> Void)?
            process = try UVProcess(
                loop: loop,
                options: .init(
                    executable: executable, arguments: arguments, environment: environment ?? NavClient.currentEnvironment(),
                    stdin: stdin, stdout: stdout, stderr: stderr)
            ) { status in exitHandler?(status) }
            exitHandler = { [unowned self] status in
                self.exitStatus = status
                self.process.close()
            }
        } catch {
            throw NavClientError.spawnFailed(error)
        }
        stdout.onRead = { [unowned self] bytes in self.receive(bytes) }
        stdout.onEnd = { [unowned self] _ in self.stdoutEnded = true }
        stderr.onRead = { [unowned self] bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            self.stderrText += text
            self.onStderr?(text)
        }
        stderr.onEnd = { [unowned self] _ in self.stderr.close() }
        try stdout.startReading()
        try stderr.startReading()
    }

    deinit {
        if exitStatus == nil { process.kill(SIGKILL) }
        loop.close()
    }

    public var pid: Int32 { process.pid }

    private static func currentEnvironment() -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }

    private func receive(_ bytes: UnsafeRawBufferPointer) {
        framer.append(bytes)
        while let event = framer.nextEvent() {
            if case .message(let body) = event, let value = try? JSONValue(parsing: body) {
                inbox.append(value)
            }
        }
    }

    /// Runs the loop until `done()` holds or `seconds` pass; false on timeout (`UVLoop.run(seconds:until:)`).
    @discardableResult
    public func pump(seconds: Double, until done: () -> Bool) -> Bool {
        loop.run(seconds: seconds, until: done)
    }

    /// Runs the loop until `done()` holds or `seconds` pass, waking only for its events (a
    /// message, the end of output, the deadline, a `CallStop`'s wake-up), never on a tick: for
    /// conditions only the loop's own callbacks change. False on timeout.
    func wait(seconds: Double, until done: () -> Bool) -> Bool {
        if done() { return true }
        guard let deadline = try? UVTimer(loop: loop) else { return pump(seconds: seconds, until: done) }
        var expired = false
        deadline.start(after: UInt64(max(0, seconds) * 1000)) { expired = true }
        defer { deadline.close() }
        while !done() && !expired { loop.runOnce() }
        return done()
    }

    // MARK: Raw messages

    /// Writes bytes to navhost's stdin as they are (for framing and malformed-input tests).
    public func sendRaw(_ bytes: [UInt8]) {
        stdin.write(bytes)
    }

    /// Bytes written to navhost's stdin that its pipe has not taken yet: while navhost does not
    /// read, they stay here (flow-control tests).
    public var unwrittenBytes: Int { stdin.pendingWriteBytes }

    /// Frames and writes one JSON value.
    public func send(_ message: JSONValue) {
        sendRaw(framing.frame(message.serialized()))
    }

    /// The next message that is not a notification: a response object or a batch array.
    public func nextReply(timeout: Double = 10) throws -> JSONValue {
        try take(timeout: timeout, what: "a reply") { $0["method"] == nil }
    }

    /// The next notification, optionally of one method; earlier ones of other methods stay queued.
    public func nextNotification(_ method: String? = nil, timeout: Double = 10) throws -> RPCNotification {
        let value = try take(timeout: timeout, what: "notification \(method ?? "(any)")") { message in
            guard message["id"] == nil, let name = message["method"]?.stringValue else { return false }
            return method == nil || name == method
        }
        return RPCNotification(method: value["method"]?.stringValue ?? "", params: value["params"])
    }

    /// The next message of any kind (reply, batch or notification), in arrival order.
    public func nextMessage(timeout: Double = 10) throws -> JSONValue {
        try take(timeout: timeout, what: "a message") { _ in true }
    }

    /// Notifications received and not yet taken, oldest first; taking them empties the queue.
    public func drainNotifications() -> [RPCNotification] {
        let notifications = inbox.filter { $0["id"] == nil && $0["method"] != nil }
        inbox.removeAll { $0["id"] == nil && $0["method"] != nil }
        return notifications.map { RPCNotification(method: $0["method"]?.stringValue ?? "", params: $0["params"]) }
    }

    private func take(timeout: Double, what: String, where matches: (JSONValue) -> Bool) throws -> JSONValue {
        guard let message = try take(timeout: timeout, what: what, unless: { false }, where: matches) else {
            throw NavClientError.timedOut(what)
        }
        return message
    }

    /// Takes the first message that `matches`, waiting until one arrives, navhost's output ends,
    /// `timeout` passes or `interrupted()` holds (checked whenever the loop wakes; nil then).
    func take(timeout: Double, what: String, unless interrupted: () -> Bool, where matches: (JSONValue) -> Bool) throws -> JSONValue? {
        let found = wait(seconds: timeout) { inbox.contains(where: matches) || stdoutEnded || interrupted() }
        if let index = inbox.firstIndex(where: matches) {
            return inbox.remove(at: index)
        }
        if found && interrupted() { return nil }
        throw found ? NavClientError.disconnected(what) : NavClientError.timedOut(what)
    }

    // MARK: Requests

    /// Sends a request and waits for its response; an error response throws `.rpc`.
    public func request(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws -> JSONValue {
        let id = post(method: method, params: params)
        let reply = try take(timeout: timeout, what: "the reply to \(method)") { $0["id"] == .int(id) && $0["method"] == nil }
        return try Self.outcome(reply).get()
    }

    /// Sends a typed request and decodes its typed response.
    public func send<R: RPCRequestType>(_ request: R, timeout: Double = 10) throws -> R.Response {
        let result = try self.request(R.method, try JSONValueEncoder().encode(request), timeout: timeout)
        return try JSONValueDecoder().decode(R.Response.self, from: result)
    }

    public func notify(_ method: String, _ params: JSONValue? = nil) {
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    /// Stops reading navhost's stdout, as a client that is busy elsewhere would: what navhost
    /// writes waits in the pipe and then in navhost (flow-control tests).
    public func pauseReading() {
        stdout.stopReading()
    }

    public func resumeReading() {
        try? stdout.startReading()
    }

    // MARK: Process

    /// Closes navhost's stdin (EOF).
    public func closeInput() {
        stdin.close()
    }

    public func signal(_ signal: Int32) {
        process.kill(signal)
    }

    /// Waits for navhost to exit and returns how it ended.
    public func waitForExit(timeout: Double = 10) throws -> ProcessExitStatus {
        pump(seconds: timeout) { exitStatus != nil }
        guard let exitStatus else { throw NavClientError.timedOut("navhost to exit") }
        return exitStatus
    }
}
