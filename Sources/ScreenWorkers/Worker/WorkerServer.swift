import GitHubData
import GitHubModels
import GitHubSnapshot
import Glibc
import NavProtocol
import Transport
import UVKit
import WorkerLaunch

/// The worker process: its loop, its data source and the host connection on stdin/stdout,
/// over which it serves one screen (`ScreenSession`). Ends on `exit`, on stdin EOF, or with
/// the host.
final class WorkerServer {
    private let loop = UVLoop()
    private let log: Log
    private let connection: RPCConnection
    private var session: ScreenSession!
    /// What navhost's command line said: the source, the debounce, whether to rehearse.
    private let settings: WorkerSettings
    private var closeSource: (() -> Void)?
    /// The data source, opened before the host asks for a screen: a worker started ahead of a
    /// push (the host's warm spare) has its snapshot open when the push comes.
    private var preparedSource: (any GitHubSource)?
    /// The warm spare's rehearsal, until it is done or the real screen comes.
    private var rehearsal: Rehearsal?
    private var exitCode: Int32 = 0
    private var isShutDown = false
    private let faults: WorkerFaults?

    init(settings: WorkerSettings) throws {
        self.settings = settings
        log = Log(loop: loop, level: LogLevel(name: settings.logLevel) ?? .warning, label: "worker")
        connection = ScreenSession.connection(
            loop: loop, name: "host", reader: try StandardIO.input(loop: loop, fileDescriptor: 0),
            writer: try StandardIO.output(loop: loop, fileDescriptor: 1))
        faults = settings.enableDebugMethods ? WorkerFaults(loop: loop) : nil
        // While the host is not reading our answers, stop reading its requests: bounded memory.
        connection.writeHighWaterBytes = 1 << 20
        session = ScreenSession(loop: loop, connection: connection, log: log, debounceMilliseconds: settings.queryDebounce) { [unowned self] in
            stopRehearsal()
            let source = try preparedSource ?? openSource()
            preparedSource = nil
            return source
        }
    }

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        registerHandlers()
        connection.onRequest = { [unowned self] request, responder in
            guard let faults else { return self.session.handle(request, responder) }
            faults.afterDelay { self.session.handle(request, responder) }
        }
        connection.onNotification = { [unowned self] notification in
            if notification.method == ExitNotification.method {
                self.exitCode = self.isShutDown ? 0 : 1
                self.connection.close()
            }
        }
        connection.onClose = { [unowned self] _ in
            self.log.debug("host connection closed")
            // Let the loop end: a live source's HTTP client keeps idle connections (and handles) open.
            self.stopRehearsal()
            self.session.close()
            self.closeSource?()
            self.closeSource = nil
        }
        connection.onWriteBackpressure = { [unowned self] blocked in
            if blocked { self.connection.pauseReading() } else { self.connection.resumeReading() }
        }
        do {
            try connection.start()
        } catch {
            log.error("cannot read stdin: \(error)")
            return 1
        }
        prepareSource()
        loop.run()
        log.close()
        loop.close()
        return exitCode
    }

    private func registerHandlers() {
        // Answered once the screen's writes are done: navhost sends `exit` on the answer (or
        // after its stop grace), and a write is not cut off if it can finish in time.
        session.on(ShutdownRequest.self) { [unowned self] _, responder in
            isShutDown = true
            session.whenWritesDone { responder.succeed(.null) }
        }
        for type in WorkerMethods.debugRequests {
            let method = type.method
            session.on(method: method) { [unowned self] request, responder in
                guard let faults else { throw RPCError.methodNotFound(method) }
                // Params of the wrong shape are refused, as navhost refuses a client's.
                _ = try type.decode(params: request.params)
                try faults.handle(request, responder, output: connection.writerHandle)
            }
        }
        assert(session.methods == Set((WorkerMethods.requests + WorkerMethods.debugRequests).map { $0.method }), "the worker's handlers differ from WorkerMethods")
    }

    private func openSource() throws -> any GitHubSource {
        let (source, close) = try settings.openSource(on: loop)
        closeSource = close
        return source
    }

    /// Opens the source ahead of `worker/open`; a failure is left for `worker/open` to report.
    private func prepareSource() {
        preparedSource = try? openSource()
        guard let snapshot = preparedSource as? SnapshotSource else { return }
        if settings.rehearse {
            rehearsal = Rehearsal.start(source: snapshot, loop: loop, log: log, debounceMilliseconds: settings.queryDebounce)
        } else {
            snapshot.warmUp()
        }
    }

    private func stopRehearsal() {
        rehearsal?.stop()
        rehearsal = nil
    }
}
