import Glibc
import NavClient
import NavProtocol
import Transport
import UVKit

/// The navhost process: one loop, the client on stdin/stdout, a stack of worker-backed screens.
final class Host {
    let loop: UVLoop
    let log: Log
    let configuration: HostConfiguration
    let client: RPCConnection
    let spawner: WorkerSpawner
    let navigator: Navigator
    /// Set by the session: restarts, reloads and wakes screens.
    weak var supervisor: Supervisor?
    private var session: ClientSession!
    private var signals: [UVSignal] = []
    private var parentWatch: UVTimer?
    private var exitCode: Int32?

    init(configuration: HostConfiguration) throws {
        self.configuration = configuration
        loop = UVLoop()
        log = Log(loop: loop, level: configuration.logLevel, label: "navhost")
        client = RPCConnection(
            loop: loop, name: "client", reader: try StandardIO.input(loop: loop, fileDescriptor: 0),
            writer: try StandardIO.output(loop: loop, fileDescriptor: 1), framing: nil,
            maxMessageBytes: configuration.maxMessageBytes)
        spawner = WorkerSpawner(loop: loop, log: log, configuration: configuration)
        navigator = Navigator(spawner: spawner)
        session = ClientSession(host: self)
    }

    /// Serves until the session ends; returns the process exit code.
    func run() throws -> Int32 {
        // A client that stops reading must not kill the host with SIGPIPE; the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        for signum in [SIGTERM, SIGINT, SIGHUP] {
            let watcher = try UVSignal(loop: loop)
            try watcher.start(signal: signum) { [unowned self] signum in
                self.log.info("received signal \(signum); ending every screen")
                self.finish(code: 0)
            }
            watcher.unref()
            signals.append(watcher)
        }
        client.onProtocolError = { [unowned self] error in self.log.warning("client sent unusable input: \(error.message)") }
        client.onInputEnd = { [unowned self] end in
            if case .failed(let error) = end { self.log.warning("stdin failed: \(error)") }
            // Requests read before the end are still answered, in order; then every screen ends.
            self.navigator.enqueue { [unowned self] done in
                self.log.info("stdin closed; ending every screen")
                self.finish(code: 0)
                done()
            }
        }
        client.writerHandle.onWriteError = { [unowned self] error in
            self.log.error("stdout failed (\(error)); the client is gone")
            self.finish(code: 1)
        }
        try client.start()
        loop.run()
        for watcher in signals { watcher.close() }
        log.close()
        loop.close()
        return exitCode ?? 0
    }

    /// Exits when the client process named in `initialize` is gone, as LSP asks.
    func watchClientProcess(_ pid: Int32) {
        guard parentWatch == nil, let timer = try? UVTimer(loop: loop) else { return }
        parentWatch = timer
        timer.start(after: 1000, repeatEvery: 1000) { [unowned self] in
            // A zombie still answers kill(pid, 0): read its state, as its parent may not have reaped it.
            if !ProcessTable.isAlive(pid) {
                self.log.info("client process \(pid) is gone; ending every screen")
                self.finish(code: 1)
            }
        }
        timer.unref()
    }

    /// Ends every worker, flushes what the client is owed, and lets the loop end.
    func finish(code: Int32) {
        guard exitCode == nil else { return }
        exitCode = code
        parentWatch?.close()
        // The signal watchers stay until every worker is gone: a second Ctrl-C must not kill
        // the host half-way through ending its workers (finish runs once; repeats do nothing).
        navigator.stopAll { [unowned self] in
            for watcher in self.signals { watcher.close() }
            self.client.close()
        }
    }
}
