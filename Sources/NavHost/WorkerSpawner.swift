import NavProtocol
import Transport
import UVKit

/// A screen just opened in a worker, with the first rows its opening carried when a selection
/// asked for them.
struct OpenedScreen {
    let entry: ScreenEntry
    let firstRows: FirstRows?
}

/// A pushed screen's first rows as its opening carried them, for the selection's answer. The
/// rows stay the bytes the worker wrote (checked as JSON, never built into a tree): navhost only
/// passes them on.
struct FirstRows {
    let revision: Int
    let sections: JSONValue
    let rows: ArraySlice<UInt8>

    /// Writes them as `screen/rows` answers (`RowsRequest.Response`), for `screen`.
    func write(to writer: inout JSONWriter, screen: String) {
        writer.beginObject()
        writer.field("revision", revision)
        writer.key("rows")
        writer.json(rows)
        writer.field("screen", screen)
        writer.key("sections")
        writer.value(sections)
        writer.endObject()
    }
}

/// Spawns workers for screens, opens them, and stops them; it knows every worker still alive,
/// including those still opening, so the host can end them all.
final class WorkerSpawner {
    private let loop: UVLoop
    private let log: Log
    private let configuration: HostConfiguration
    private let events: WorkerEvents
    private let starter: any WorkerStarter
    /// The kinds this host may spawn; every opening is checked against it.
    private let catalog: ScreenCatalog
    private var launcher: WorkerLauncher
    private var nextScreenNumber = 1
    /// Every worker that has served a screen and not yet finished ending, by identity: a worker
    /// is kept until its process has exited and its handles are closed, even after a new worker
    /// took over its screen id (a restart, a wake).
    private var live: [ObjectIdentifier: WorkerProcess] = [:]
    private var isShuttingDown = false

    /// Since when the client has been idle (`RPCConnection.idleSince`): the spare waits for a pause.
    private let clientIdleSince: () -> UInt64?

    init(
        loop: UVLoop, log: Log, configuration: HostConfiguration, catalog: ScreenCatalog, events: WorkerEvents, starter: any WorkerStarter,
        firstWorker: WorkerProcess, clientIdleSince: @escaping () -> UInt64?
    ) {
        self.loop = loop
        self.starter = starter
        self.clientIdleSince = clientIdleSince
        self.catalog = catalog
        self.log = log
        self.configuration = configuration
        self.events = events
        launcher = WorkerLauncher(configuration: configuration)
        events.observeEnds { [unowned self] worker in
            self.forget(worker)
            if self.spare === worker { self.spare = nil }
        }
        // The worker that told the host its built-in kinds (`FirstWorker`) waits as the spare:
        // the root screen takes it when its kind is built in. Without spares, only for that. One
        // that has already exited is held until its handles are closed, as any retired worker.
        let rootIsBuiltIn = catalog.entry(configuration.rootKind)?.command == nil
        if firstWorker.isRunning && (configuration.settings.warmSpare || rootIsBuiltIn) {
            spare = firstWorker
        } else {
            retire(firstWorker)
        }
    }

    /// The workers that serve or served a screen and have not ended yet (the spare is not one).
    var liveWorkers: [WorkerProcess] { Array(live.values) }

    /// Every worker process navhost has now: the live ones, the warm spare, spares being retired.
    var allWorkers: [WorkerProcess] { Array(live.values) + (spare.map { [$0] } ?? []) + retiring }

    /// Switches the data source of the workers spawned from now on (set by `initialize`).
    func use(_ configuration: HostConfiguration) {
        launcher = WorkerLauncher(configuration: configuration)
        discardSpare()
    }

    // MARK: The warm spare

    /// A worker started ahead of need, so a push does not wait for process start-up: it only
    /// has to open its screen. Replaced after each use; never counted as in flight. A built-in
    /// worker, so it serves only built-in kinds: an external kind always starts its own command.
    private(set) var spare: WorkerProcess?

    private func takeSpare(for screenId: String, kind: ScreenKind) -> WorkerProcess? {
        guard let worker = spare, worker.isRunning, catalog.entry(kind)?.command == nil else { return nil }
        spare = nil
        worker.reportsCrashes = true
        worker.assign(screenId: screenId, kind: kind)
        return worker
    }

    private let spareTiming = SpareTiming()
    private var spareTimer: UVTimer?
    /// When the spare now waited for was first wanted; nil when none is waited for.
    private var spareWantedAt: UInt64?

    /// Starts the next spare at the client's next pause (`SpareTiming`), unless one is ready or
    /// waited for, the host is ending, or spares are off.
    func prepareSpareSoon() {
        guard configuration.settings.warmSpare, spare == nil, spareWantedAt == nil, !isShuttingDown else { return }
        if spareTimer == nil { spareTimer = try? UVTimer(loop: loop) }
        guard spareTimer != nil else { return prepareSpare() }
        spareWantedAt = loop.now
        startSpareWhenTimely()
    }

    private func startSpareWhenTimely() {
        guard let wantedAt = spareWantedAt else { return }
        if let wait = spareTiming.wait(now: loop.now, wantedAt: wantedAt, clientIdleSince: clientIdleSince()) {
            spareTimer?.start(after: wait) { [weak self] in self?.startSpareWhenTimely() }
        } else {
            spareWantedAt = nil
            prepareSpare()
        }
    }

    /// Starts the next spare now, unless one is ready, the host is ending, or spares are off.
    /// The spare rehearses a push while it waits (`screen-worker --rehearse`).
    private func prepareSpare() {
        guard configuration.settings.warmSpare, spare == nil, !isShuttingDown else { return }
        guard let worker = try? WorkerProcess(
            screenId: "spare", kind: "unassigned", command: launcher.spare, starter: starter, loop: loop, log: log, events: events,
            maxMessageBytes: configuration.settings.maxMessageBytes)
        else { return }
        worker.reportsCrashes = false
        spare = worker
    }

    private func discardSpare(done: @escaping () -> Void = {}) {
        guard let worker = spare else { return done() }
        spare = nil
        retire(worker, done: done)
    }

    private var retiring: [WorkerProcess] = []

    // MARK: Opening

    /// The next screen id: s1, s2, … in the order screens are created.
    func newScreenId() -> String {
        defer { nextScreenNumber += 1 }
        return "s\(nextScreenNumber)"
    }

    /// Spawns (or takes the spare) and opens a worker; a restart passes the screen's id and
    /// restoration token. A spare that turns out dead (killed just before the push) is replaced
    /// by a new worker once, so the push does not fail for it.
    func open(
        kind: ScreenKind, params: JSONValue?, token: RestorationToken? = nil, screenId reusedId: String? = nil, firstRows: Int? = nil,
        completion: @escaping (Result<OpenedScreen, RPCError>) -> Void
    ) {
        guard !isShuttingDown else {
            return completion(.failure(.internalError("navhost is shutting down")))
        }
        if let error = openingError(kind: kind, params: params) { return completion(.failure(error)) }
        let screenId = reusedId ?? newScreenId()
        let request = WorkerOpenRequest(screen: screenId, kind: kind, params: params, token: token, rows: firstRows)
        open(request, allowingSpare: true, completion: completion)
    }

    /// Why a screen of `kind` with `params` cannot be opened (an unknown kind, params that do not
    /// fit its schema), or nil: checked for every opening, and up front for a whole saved stack.
    func openingError(kind: ScreenKind, params: JSONValue?) -> RPCError? {
        catalog.pushError(kind: kind, params: params)
    }

    private func open(_ request: WorkerOpenRequest, allowingSpare: Bool, completion: @escaping (Result<OpenedScreen, RPCError>) -> Void) {
        let (screenId, kind) = (request.screen, request.kind)
        let spareWorker = allowingSpare ? takeSpare(for: screenId, kind: kind) : nil
        let worker: WorkerProcess
        // `open(kind:...)` checked the kind against the catalog.
        let command = catalog.entry(kind).map(launcher.commandLine(for:)) ?? launcher.builtIn
        do {
            worker = try spareWorker ?? WorkerProcess(
                screenId: screenId, kind: kind, command: command, starter: starter, loop: loop, log: log, events: events,
                maxMessageBytes: configuration.settings.maxMessageBytes)
        } catch {
            return completion(.failure(.internalError("could not start \(command.executable) for a \(kind.rawValue) screen: \(error)")))
        }
        live[ObjectIdentifier(worker)] = worker
        // The answer comes back as the bytes the worker wrote: its first rows are passed on unread.
        _ = worker.connection.sendRequest(method: WorkerOpenRequest.method, writing: request, timeoutMilliseconds: configuration.requestTimeoutMilliseconds) {
            [unowned self] (result: Result<ArraySlice<UInt8>, RPCError>) in
            switch result {
            case .success(let answer):
                completion(opened(request, by: worker, answer: answer))
                // The next push finds a worker already started (spawned after this one opened, not meanwhile).
                prepareSpareSoon()
            case .failure(let error) where spareWorker != nil && !worker.isRunning && !isShuttingDown:
                log.warning("the warm spare ended before it could open \(screenId) (\(error.message)); opening it in a new worker")
                stop(worker)
                open(request, allowingSpare: false, completion: completion)
            case .failure(let error):
                stop(worker)
                completion(.failure(error))
                prepareSpareSoon()
            }
        }
    }

    private func opened(_ request: WorkerOpenRequest, by worker: WorkerProcess, answer: ArraySlice<UInt8>) -> Result<OpenedScreen, RPCError> {
        // First rows asked for by a selection only pass through navhost: kept as the bytes the
        // worker wrote, not parsed into a tree and printed again. The raw path hands over bytes
        // with no raw control character (`RawResult`; any other layout is printed again
        // compactly), so they can go into the client's newline-delimited stream as they are.
        guard !isShuttingDown, let answer = JSONValue.parseObject(answer, keeping: "rows"),
            let state = ScreenState.read(from: answer.fields)
        else {
            stop(worker)
            return .failure(isShuttingDown ? .internalError("navhost is shutting down") : worker.failure("screen \(request.screen) sent an invalid answer to worker/open"))
        }
        let screen = Screen(id: request.screen, kind: request.kind, title: state.title ?? request.kind.rawValue, params: request.params ?? .object([:]))
        let entry = ScreenEntry(screen: screen, worker: worker)
        // The revision the screen opened at: a worker's token sent while it was still opening
        // is not taken, so the host notes it here (revisions never go back).
        var token = request.token ?? RestorationToken()
        token.revision = max(token.revision ?? 0, state.revision)
        entry.token = token
        entry.openedState = state
        let firstRows = answer.kept.map { FirstRows(revision: state.revision, sections: answer.fields["sections"] ?? [], rows: $0) }
        return .success(OpenedScreen(entry: entry, firstRows: firstRows))
    }

    // MARK: Stopping

    /// Stops the workers of `entries` (hibernating ones have none).
    func stop(_ entries: [ScreenEntry], done: (() -> Void)? = nil) {
        let workers = entries.compactMap(\.worker)
        let group = Countdown(count: workers.count, done: done ?? {})
        for worker in workers { stop(worker, done: group.tick) }
    }

    /// Ends a worker that no entry serves any more, holding it until it has exited (its
    /// handles call back into it until then).
    func retire(_ worker: WorkerProcess, done: @escaping () -> Void = {}) {
        retiring.append(worker)
        stop(worker) { [weak self, unowned worker] in
            self?.retiring.removeAll { $0 === worker }
            done()
        }
    }

    private func stop(_ worker: WorkerProcess, done: @escaping () -> Void = {}) {
        worker.stop(graceMilliseconds: configuration.stopGraceMilliseconds) { [weak self, unowned worker] in
            self?.forget(worker)
            done()
        }
    }

    private func forget(_ worker: WorkerProcess) {
        live[ObjectIdentifier(worker)] = nil
    }

    /// Stops every live worker; `done` runs when all have exited.
    func stopAll(done: @escaping () -> Void) {
        isShuttingDown = true
        spareTimer?.close()
        spareTimer = nil
        let workers = Array(live.values)
        let group = Countdown(count: workers.count + 1, done: done)
        for worker in workers { stop(worker, done: group.tick) }
        discardSpare(done: group.tick)
    }
}

/// Runs `done` after `tick` was called `count` times (at once for zero).
final class Countdown {
    private var remaining: Int
    private var done: (() -> Void)?

    init(count: Int, done: @escaping () -> Void) {
        remaining = count
        self.done = done
        if count == 0 { fire() }
    }

    func tick() {
        remaining -= 1
        if remaining <= 0 { fire() }
    }

    private func fire() {
        let handler = done
        done = nil
        handler?()
    }
}
