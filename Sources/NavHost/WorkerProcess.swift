import Glibc
import NavProtocol
import Transport
import UVKit

/// One screen worker: its process, its three pipes and its JSON-RPC connection, and how it
/// ends. Requests about its screen go on `connection` from `ScreenGateway` alone (and
/// `worker/open` from `WorkerSpawner`); what the worker sends goes to `WorkerEvents`.
final class WorkerProcess {
    /// A warm spare has placeholders until `assign` gives it the screen it will serve.
    private(set) var screenId: String
    private(set) var kind: ScreenKind
    /// The worker's JSON-RPC connection: the gateway sends on it, flow control pauses it.
    let connection: RPCConnection
    private let events: WorkerEvents
    private let process: any WorkerChild
    private let stderrPipe: UVPipe
    private let loop: UVLoop
    private let log: Log
    private var stderrLines = LineSplitter()
    private(set) var stderrTail: [String] = []
    private(set) var exitStatus: ProcessExitStatus?
    private(set) var isStopping = false
    private var stopTimer: UVTimer?
    private var stopWaiters: [() -> Void] = []
    private var finished = false
    /// Why navhost killed the worker to restart it (hung, sent garbage), if it did.
    private(set) var resetReason: String?
    /// A `worker/ping` is on its way: the next tick does not send another.
    var isBeingPinged = false
    /// `loop.now` at spawn, for the uptime in `host/processes`.
    let startedAt: UInt64
    /// Whether an unexpected exit is published as a crash: not for a warm spare nobody uses yet.
    var reportsCrashes = true

    private static let stderrTailLines = 20
    private var stderrFlood = FloodGauge(limitPerSecond: 1 << 20)

    var pid: Int32 { process.pid }
    var isRunning: Bool { exitStatus == nil }
    var label: String { "\(screenId) \(kind.rawValue)" }

    /// Gives a warm spare (spawned before anyone knew what it would show) its screen.
    func assign(screenId: String, kind: ScreenKind) {
        self.screenId = screenId
        self.kind = kind
        connection.name = "screen \(screenId) (\(kind.rawValue))"
    }

    init(
        screenId: String, kind: ScreenKind, command: WorkerCommandLine, starter: any WorkerStarter, loop: UVLoop, log: Log,
        events: WorkerEvents, maxMessageBytes: Int
    ) throws {
        self.screenId = screenId
        self.kind = kind
        self.log = log
        self.loop = loop
        self.events = events
        startedAt = loop.now
        var exitHandler: ((ProcessExitStatus) -> Void)?
        let started = try starter.start(command, loop: loop) { status in exitHandler?(status) }
        process = started.process
        stderrPipe = started.errors
        connection = RPCConnection(
            loop: loop, name: "screen \(screenId) (\(kind.rawValue))", reader: started.output, writer: started.input,
            framing: .newlineDelimited, maxMessageBytes: maxMessageBytes)
        stopTimer = try? UVTimer(loop: loop)
        // The end of the worker's stdout only stops reading: its exit, which follows, fails
        // what is outstanding with the exit status and the last stderr lines.
        connection.onInputEnd = { _ in }
        exitHandler = { [unowned self] status in self.didExit(status) }
        stderrPipe.onRead = { [unowned self, unowned loop] bytes in
            // A log is lines now and then; megabytes a second is a worker gone wrong.
            if self.stderrFlood.add(bytes.count, now: loop.now) {
                self.reset(reason: "it flooded its stderr (over \(self.stderrFlood.limitPerSecond) bytes within a second)")
            }
            for line in self.stderrLines.append(bytes) { self.record(line) }
        }
        stderrPipe.onEnd = { [unowned self] _ in
            if let line = self.stderrLines.finish() { self.record(line) }
            self.stderrPipe.close()
        }
        connection.onRequest = { [unowned self] request, responder in self.events.request(from: self, request, responder) }
        connection.onNotification = { [unowned self] notification in self.events.notification(from: self, notification) }
        // A worker's garbage is not trusted: logged with its screen id, then the worker is reset.
        connection.onProtocolError = { [unowned self] error in
            self.log.warning("[\(self.label)] sent a malformed message: \(error.message)")
            self.reset(reason: "it sent a malformed message (\(error.message))")
        }
        try stderrPipe.startReading()
        try connection.start()
        log.debug("spawned \(label) as pid \(process.pid); the spawn held the loop \(Int(process.spawnMicroseconds)) µs")
        events.spawned(self)
    }

    private func record(_ line: String) {
        stderrTail.append(line)
        if stderrTail.count > WorkerProcess.stderrTailLines { stderrTail.removeFirst() }
        log.forward("[\(label)] \(line)")
    }

    /// Requests sent to the worker and not answered yet (pings included).
    var outstandingRequests: [(id: RequestID, method: String)] { connection.outstandingRequests }
    /// Requests the worker sent (host/push, host/pop) that the host has not answered yet.
    var unansweredIncomingRequests: [(id: RequestID, method: String)] { connection.unansweredIncomingRequests }

    /// Whether the worker has anything in flight with the host besides a ping.
    var isBusy: Bool {
        connection.unansweredIncomingCount > 0 || connection.outstandingRequestCount > (isBeingPinged ? 1 : 0)
    }

    /// How the worker ended, and why navhost ended it if it did: "killed by signal 9 (SIGKILL)
    /// after navhost reset it: …".
    var endDescription: String {
        let status = exitStatus?.description ?? "ended"
        return resetReason.map { "\(status) after navhost reset it: \($0)" } ?? status
    }

    /// What a failed request says about this worker: names the screen, how it ended and its last words.
    func failure(_ message: String) -> RPCError {
        var data: [String: JSONValue] = ["screen": .string(screenId), "kind": .string(kind.rawValue)]
        if exitStatus != nil { data["status"] = .string(endDescription) }
        if !stderrTail.isEmpty { data["stderrTail"] = .array(stderrTail.suffix(5).map(JSONValue.string)) }
        return RPCError(code: RPCErrorCode.workerFailed, message: message, data: .object(data))
    }

    /// Ends the worker: `shutdown` + `exit`, SIGTERM after the grace period, SIGKILL after another.
    /// `done` runs once the process has exited and every handle is closed.
    func stop(graceMilliseconds: UInt64, done: @escaping () -> Void) {
        if finished { return done() }
        stopWaiters.append(done)
        guard !isStopping else { return }
        isStopping = true
        guard isRunning else { return }
        // A stopping worker's answers are no longer the client's: it is read whatever the
        // client does (`FlowControl` pauses only the others), so its answer to shutdown is seen
        // at once instead of its grace waited out behind a client that is not reading.
        connection.resumeReading()
        // The process's own end, not a request about its screen: sent here, not by the gateway.
        _ = connection.sendRequest(method: ShutdownRequest.method, params: nil, timeoutMilliseconds: graceMilliseconds) { [weak self] _ in
            self?.connection.sendNotification(method: ExitNotification.method, params: nil)
        }
        stopTimer?.start(after: graceMilliseconds) { [weak self] in
            guard let self, self.isRunning else { return }
            self.log.warning("\(self.label) did not exit within \(graceMilliseconds) ms of shutdown; sending SIGTERM")
            _ = self.process.kill(SIGTERM)
            self.stopTimer?.start(after: graceMilliseconds) { [weak self] in
                guard let self, self.isRunning else { return }
                self.log.warning("\(self.label) ignored SIGTERM; sending SIGKILL")
                _ = self.process.kill(SIGKILL)
            }
        }
    }

    /// Kills a worker that can no longer be trusted (hung, flooding, sending garbage); its exit
    /// then counts as unexpected, so the supervisor restarts it.
    func reset(reason: String) {
        guard isRunning, !isStopping, resetReason == nil else { return }
        resetReason = reason
        log.warning("\(label) reset: \(reason); killing pid \(pid)")
        _ = process.kill(SIGKILL)
    }

    private func didExit(_ status: ProcessExitStatus) {
        exitStatus = status
        stopTimer?.close()
        stopTimer = nil
        let expected = isStopping
        if expected {
            log.debug("\(label) \(status)")
        } else {
            log.warning("\(label) \(endDescription)\(resetReason == nil ? " unexpectedly" : "")")
        }
        process.close()
        // Let the last stderr lines arrive (the pipe ends once the child is gone); never wait on
        // them forever. Then fail what is outstanding with them: they often say why.
        if !stderrPipe.isClosing {
            let deadline = try? UVTimer(loop: loop)
            deadline?.start(after: 250) { [stderrPipe] in stderrPipe.close() }
            stderrPipe.onClose { deadline?.close() }
        }
        stderrPipe.onClose { [self] in
            connection.close(error: failure("screen \(screenId) (\(kind.rawValue)) \(endDescription) before answering\(stderrSummary)"))
            if !expected && reportsCrashes { events.crashed(self) }
            finish()
        }
    }

    /// The last stderr lines, for error messages: the cause is often there.
    private var stderrSummary: String {
        let lines = stderrTail.filter { !$0.allSatisfy(\.isWhitespace) }.suffix(3)
        return lines.isEmpty ? "" : "; last stderr lines: " + lines.joined(separator: " | ")
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        events.ended(self)
        let waiters = stopWaiters
        stopWaiters = []
        for waiter in waiters { waiter() }
    }
}
