import NavProtocol
import Transport
import UVKit

/// Spawns workers for screens, opens them, and stops them; it knows every worker still alive,
/// including those still opening, so the host can end them all.
final class WorkerSpawner {
    private let loop: UVLoop
    private let log: Log
    private let configuration: HostConfiguration
    private var launcher: WorkerLauncher
    private var nextScreenNumber = 1
    private var live: [String: WorkerProcess] = [:]
    private var isShuttingDown = false
    /// A worker sent a request (host/push, host/pop) or a notification (worker/didUpdate).
    var onWorkerRequest: ((WorkerProcess, RPCRequest, RPCResponder) -> Void)?
    var onWorkerNotification: ((WorkerProcess, RPCNotification) -> Void)?
    var onUnexpectedExit: ((WorkerProcess, ProcessExitStatus) -> Void)?
    /// A worker was spawned (flow control wires its connection here).
    var onSpawn: ((WorkerProcess) -> Void)?

    init(loop: UVLoop, log: Log, configuration: HostConfiguration) {
        self.loop = loop
        self.log = log
        self.configuration = configuration
        launcher = WorkerLauncher(configuration: configuration)
    }

    var liveWorkers: [WorkerProcess] { Array(live.values) }

    /// Switches the data source of the workers spawned from now on (set by `initialize`).
    func use(_ configuration: HostConfiguration) {
        launcher = WorkerLauncher(configuration: configuration)
        discardSpare()
    }

    // MARK: The warm spare

    /// A worker started ahead of need, so a push does not wait for process start-up: it only
    /// has to open its screen. Replaced after each use; never counted as in flight.
    private(set) var spare: WorkerProcess?

    private func takeSpare(for screenId: String, kind: ScreenKind) -> WorkerProcess? {
        guard let worker = spare, worker.isRunning else { return nil }
        spare = nil
        worker.onUnexpectedExit = nil
        worker.assign(screenId: screenId, kind: kind)
        return worker
    }

    /// A spare's start-up is tens of milliseconds of CPU (and uv_spawn's fork blocks the loop):
    /// started the moment a push took the last one, it would compete with that push's own
    /// answers, so the next one starts a little later.
    private static let spareDelayMilliseconds: UInt64 = 50
    private var spareTimer: UVTimer?

    /// Starts the next spare shortly, unless one is ready, the host is ending, or spares are off.
    func prepareSpareSoon() {
        guard configuration.keepsWarmSpare, spare == nil, !isShuttingDown else { return }
        if spareTimer == nil { spareTimer = try? UVTimer(loop: loop) }
        guard let spareTimer else { return prepareSpare() }
        spareTimer.start(after: Self.spareDelayMilliseconds) { [weak self] in self?.prepareSpare() }
    }

    /// Starts the next spare now, unless one is ready, the host is ending, or spares are off.
    /// The spare rehearses a push while it waits (`screen-worker --rehearse`).
    func prepareSpare() {
        guard configuration.keepsWarmSpare, spare == nil, !isShuttingDown else { return }
        guard let worker = try? WorkerProcess(
            screenId: "spare", kind: .users, launcher: launcher, loop: loop, log: log, maxMessageBytes: configuration.maxMessageBytes,
            extraArguments: ["--rehearse"])
        else { return }
        worker.onUnexpectedExit = { [weak self, unowned worker] _ in
            if self?.spare === worker { self?.spare = nil }
        }
        spare = worker
    }

    private func discardSpare(done: @escaping () -> Void = {}) {
        guard let worker = spare else { return done() }
        spare = nil
        worker.onUnexpectedExit = nil
        retire(worker, done: done)
    }

    private var retiring: [WorkerProcess] = []

    /// Spawns and opens a worker; a restart passes the screen's id and restoration token.
    func open(
        kind: ScreenKind, params: JSONValue?, token: RestorationToken? = nil, screenId reusedId: String? = nil, firstRows: Int? = nil,
        completion: @escaping (Result<ScreenEntry, RPCError>) -> Void
    ) {
        guard !isShuttingDown else {
            return completion(.failure(.internalError("navhost is shutting down")))
        }
        let screenId = reusedId ?? "s\(nextScreenNumber)"
        if reusedId == nil { nextScreenNumber += 1 }
        let worker: WorkerProcess
        do {
            worker = try takeSpare(for: screenId, kind: kind) ?? WorkerProcess(
                screenId: screenId, kind: kind, launcher: launcher, loop: loop, log: log,
                maxMessageBytes: configuration.maxMessageBytes)
        } catch {
            return completion(.failure(.internalError("could not start \(launcher.executable) for a \(kind.rawValue) screen: \(error)")))
        }
        live[screenId] = worker
        worker.connection.onRequest = { [unowned self, unowned worker] request, responder in
            self.onWorkerRequest?(worker, request, responder)
        }
        worker.connection.onNotification = { [unowned self, unowned worker] notification in
            self.onWorkerNotification?(worker, notification)
        }
        worker.onUnexpectedExit = { [unowned self, unowned worker] status in
            self.forget(worker)
            self.onUnexpectedExit?(worker, status)
        }
        // A worker's garbage is not trusted: logged with its screen id, then the worker is reset.
        worker.connection.onProtocolError = { [unowned self, unowned worker] error in
            self.log.warning("[\(worker.label)] sent a malformed message: \(error.message)")
            worker.reset(reason: "it sent a malformed message (\(error.message))")
        }
        onSpawn?(worker)
        let request = WorkerOpenRequest(screen: screenId, kind: kind, params: params, token: token, rows: firstRows)
        let encoded = (try? JSONValueEncoder().encode(request)) ?? .null
        _ = worker.request(WorkerOpenRequest.method, params: encoded, timeoutMilliseconds: configuration.requestTimeoutMilliseconds) {
            [unowned self] result in
            // The next push finds a worker already started (spawned after this one opened, not meanwhile).
            defer { prepareSpareSoon() }
            switch result {
            case .success(var value):
                // First rows asked for by a selection only pass through navhost: kept as JSON,
                // not decoded into rows and encoded again.
                let openedRows = value["rows"]
                if openedRows != nil, case .object(var fields) = value {
                    fields["rows"] = nil
                    value = .object(fields)
                }
                guard !isShuttingDown, let state = try? JSONValueDecoder().decode(ScreenState.self, from: value) else {
                    stop(worker)
                    return completion(.failure(isShuttingDown ? .internalError("navhost is shutting down") : worker.failure("screen \(screenId) sent an invalid answer to worker/open")))
                }
                let screen = Screen(id: screenId, kind: kind, title: state.title ?? kind.rawValue, params: params ?? .object([:]))
                let entry = ScreenEntry(screen: screen, worker: worker)
                // The revision the screen opened at: a worker's token sent while it was still
                // opening is not taken, so the host notes it here (revisions never go back).
                var opened = token ?? RestorationToken()
                opened.revision = max(opened.revision ?? 0, state.revision)
                entry.token = opened
                entry.openedState = state
                entry.openedRows = openedRows.map { ["revision": .int(state.revision), "sections": value["sections"] ?? [], "rows": $0] }
                completion(.success(entry))
            case .failure(let error):
                stop(worker)
                completion(.failure(error))
            }
        }
    }

    func stop(_ entries: [ScreenEntry], done: (() -> Void)? = nil) {
        let group = Countdown(count: entries.count, done: done ?? {})
        for entry in entries { stop(entry.worker, done: group.tick) }
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
        if live[worker.screenId] === worker { live[worker.screenId] = nil }
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

    /// SIGKILLs every live worker, for when the host cannot wait.
    func killAll() {
        for worker in live.values { worker.kill() }
        spare?.kill()
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
