import Glibc
import NavProtocol
import ProcessSupport
import Transport
import UVKit

/// The navhost process, and its composition root: every part of the host is built here, once,
/// with what it depends on passed in, so no part reaches through another for its dependencies
/// (docs/architecture.md draws them).
final class Host {
    let loop: UVLoop
    let log: Log
    let configuration: HostConfiguration
    let client: RPCConnection
    private let navigator: Navigator
    private let session: ClientSession
    private let parts: [AnyObject]
    private var signals: [UVSignal] = []
    private var parentWatch: UVTimer?
    private var exitCode: Int32?
    private var isClosed = false

    /// How long the client has to read what it is owed once navhost is ending, as Neovim gives
    /// its children: a client that stopped reading must not keep navhost alive.
    static let drainMilliseconds: UInt64 = 2_000

    /// - Parameters:
    ///   - starter: how workers are started: spawned by navhost, in-process fakes in its tests.
    ///   - clientInput, clientOutput: the client's file descriptors: stdin and stdout for navhost.
    /// - Throws: `CatalogError` when navhost cannot start with its configuration (the built-in
    ///   kinds unreadable, a screens file that does not load, a root screen it cannot open), with
    ///   the first worker ended and the loop closed.
    init(
        configuration: HostConfiguration, starter: any WorkerStarter = SpawningStarter(), clientInput inputDescriptor: Int32 = 0,
        clientOutput outputDescriptor: Int32 = 1
    ) throws {
        self.configuration = configuration
        loop = UVLoop()
        log = Log(loop: loop, level: configuration.logLevel, label: "navhost")
        let events = WorkerEvents()
        let (firstWorker, catalog): (FirstWorker, ScreenCatalog)
        do {
            (firstWorker, catalog) = try Self.start(configuration: configuration, starter: starter, loop: loop, log: log, events: events)
        } catch {
            log.close()
            loop.close()
            throw error
        }
        let clientInput = try StandardIO.input(loop: loop, fileDescriptor: inputDescriptor)
        // A client's burst is read a buffer per turn, the workers' answers in between.
        (clientInput as? UVStream)?.pacesReads = true
        client = RPCConnection(
            loop: loop, name: "client", reader: clientInput,
            writer: try StandardIO.output(loop: loop, fileDescriptor: outputDescriptor), framing: nil,
            maxMessageBytes: configuration.settings.maxMessageBytes)
        client.pendingInputLimitBytes = configuration.settings.maxPendingInput
        client.maxBatchEntries = configuration.settings.maxBatch

        let spawner = WorkerSpawner(
            loop: loop, log: log, configuration: configuration, catalog: catalog, events: events, starter: starter, firstWorker: firstWorker.process,
            clientIdleSince: { [unowned client] in client.idleSince })
        let navigator = Navigator(spawner: spawner, maxDepth: configuration.settings.maxStackDepth)
        let queue = RequestQueue()
        let notifier = ClientNotifier(client: client)
        navigator.observeChanges { stack, reason in notifier.send(DidChangeNotification(stack: stack, reason: reason)) }
        let flow = FlowControl(client: client, spawner: spawner, events: events, configuration: configuration, log: log)
        let supervisor = Supervisor(
            loop: loop, log: log, configuration: configuration, navigator: navigator, queue: queue, spawner: spawner,
            notifier: notifier, events: events)
        let gateway = ScreenGateway(
            navigator: navigator, supervisor: supervisor, flow: flow, requestTimeoutMilliseconds: configuration.requestTimeoutMilliseconds)
        let pinger = WorkerPinger(loop: loop, navigator: navigator, gateway: gateway, flow: flow, intervalMilliseconds: configuration.pingIntervalMilliseconds)
        let selections = Selections(navigator: navigator, queue: queue, gateway: gateway, supervisor: supervisor, events: events)
        let screens = ScreenMethods(navigator: navigator, gateway: gateway, supervisor: supervisor, notifier: notifier, events: events, log: log)
        let survey = PendingWorkSurvey(navigator: navigator, queue: queue, spawner: spawner, client: client, events: events)
        let idle = IdleMonitor(loop: loop, survey: survey, notifier: notifier)
        session = ClientSession(
            client: client, log: log, configuration: configuration, catalog: catalog, queue: queue, navigator: navigator, spawner: spawner)
        self.navigator = navigator
        parts = [events, spawner, queue, notifier, flow, supervisor, gateway, pinger, selections, screens, survey, idle]

        session.register(screens: screens, selections: selections)
        AutomationMethods.register(in: session, idle: idle, navigator: navigator, queue: queue, gateway: gateway)
        ReliabilityMethods.register(
            in: session, configuration: configuration, navigator: navigator, screens: screens, spawner: spawner, loop: loop)
        session.onExit = { [unowned self] code in self.finish(code: code) }
        session.onClientProcess = { [unowned self] pid in self.watchClientProcess(pid) }
    }

    /// The first worker and the catalog it led to (`FirstWorker.start`), once the catalog can
    /// open the root screen; otherwise the worker is ended and the reason thrown.
    private static func start(
        configuration: HostConfiguration, starter: any WorkerStarter, loop: UVLoop, log: Log, events: WorkerEvents
    ) throws(CatalogError) -> (FirstWorker, ScreenCatalog) {
        let (firstWorker, catalog) = try FirstWorker.start(configuration: configuration, starter: starter, loop: loop, log: log, events: events)
        if let error = catalog.rootError(kind: configuration.rootKind, params: configuration.rootParams) {
            firstWorker.stop(loop: loop, graceMilliseconds: configuration.stopGraceMilliseconds)
            throw error
        }
        return (firstWorker, catalog)
    }

    /// Serves until the session ends; returns the process exit code.
    func run() throws -> Int32 {
        try start(watchingSignals: true)
        loop.run()
        return close()
    }

    /// Starts serving: reads the client from now on (the loop runs it); with `watchingSignals`,
    /// SIGTERM, SIGINT and SIGHUP end the host (tests run hosts in their own process without).
    func start(watchingSignals: Bool) throws {
        for signum in watchingSignals ? [SIGTERM, SIGINT, SIGHUP] : [] {
            let watcher = try UVSignal(loop: loop)
            try watcher.start(signal: signum) { [unowned self] signum in
                self.log.info("received signal \(signum); ending every screen")
                self.finish(code: 0)
            }
            watcher.unref()
            signals.append(watcher)
        }
        client.onProtocolError = { [unowned self] error in self.log.warning("refused client input: \(error.message) (error \(error.code))") }
        client.onInputEnd = { [unowned self] end in
            if case .failed(let error) = end { self.log.warning("stdin failed: \(error)") }
            // Requests read before the end are still answered, in order; then every screen ends.
            self.session.afterQueuedRequests { [unowned self] in
                self.log.info("stdin closed; ending every screen")
                self.finish(code: 0)
            }
        }
        client.writerHandle.onWriteError = { [unowned self] error in
            self.log.error("stdout failed (\(error)); the client is gone")
            self.finish(code: 1)
        }
        try client.start()
    }

    /// Once the loop has ended: closes what is left and returns the exit code. Only the first
    /// call closes anything.
    func close() -> Int32 {
        guard !isClosed else { return exitCode ?? 0 }
        isClosed = true
        for watcher in signals { watcher.close() }
        log.close()
        loop.close()
        return exitCode ?? 0
    }

    /// Exits when the client process named in `initialize` is gone, as LSP asks.
    private func watchClientProcess(_ pid: Int32) {
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

    /// Ends every worker and, at the same time, gives the client `drainMilliseconds` to read
    /// what it is owed: answers the workers send while they stop still reach it, and the client
    /// connection closes once they are gone (its queued writes flushed in what is left of the
    /// drain), or when the drain is over, whichever comes first. A client that is not reading
    /// so costs navhost's end the drain, not the workers' stop grace on top of it.
    func finish(code: Int32) {
        guard exitCode == nil else { return }
        exitCode = code
        parentWatch?.close()
        let drainEnd = loop.now + Self.drainMilliseconds
        let drainTimer = try? UVTimer(loop: loop)
        drainTimer?.start(after: Self.drainMilliseconds) { [unowned self] in
            drainTimer?.close()
            self.client.close(drainMilliseconds: 0)
        }
        // The signal watchers stay until every worker is gone: a second Ctrl-C must not kill
        // the host half-way through ending its workers (finish runs once; repeats do nothing).
        navigator.stopAll { [unowned self] in
            for watcher in self.signals { watcher.close() }
            drainTimer?.close()
            let now = self.loop.now
            self.client.close(drainMilliseconds: drainEnd > now ? drainEnd - now : 0)
        }
    }
}
