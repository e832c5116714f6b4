import NavProtocol
import Transport
import UVKit

/// Keeps the stack's screens alive: a worker that crashes, is killed, exits unasked, hangs or
/// sends garbage is restarted with the same kind, params and restoration token, within the
/// restart intensity; past it the screen shows its failed state until `screen/reload`.
final class Supervisor {
    private unowned let host: Host
    private let flow: FlowControl
    private var pingTimer: UVTimer?
    var notify: ((any RPCNotificationType) -> Void)?

    init(host: Host, flow: FlowControl) {
        self.host = host
        self.flow = flow
        let interval = host.configuration.pingIntervalMilliseconds
        guard interval > 0, let timer = try? UVTimer(loop: host.loop) else { return }
        pingTimer = timer
        timer.start(after: interval, repeatEvery: interval) { [unowned self] in self.pingAll() }
        // Pinging alone must not keep the loop (and so navhost) alive.
        timer.unref()
    }

    private var configuration: HostConfiguration { host.configuration }

    // MARK: Hangs

    /// A worker that did not answer in time is killed and restarted, unless it could not answer
    /// because navhost itself stopped reading it (the client is not reading its output).
    func didNotAnswer(_ worker: WorkerProcess, _ method: String) {
        guard !flow.isClientOutputBlocked else { return }
        worker.reset(reason: "it did not answer \(method) within \(configuration.requestTimeoutMilliseconds) ms")
    }

    private func pingAll() {
        guard !flow.isClientOutputBlocked else { return }
        for entry in host.navigator.entries where entry.worker.isRunning && !entry.worker.isBeingPinged {
            let worker = entry.worker
            worker.isBeingPinged = true
            worker.request(WorkerPingRequest.method, params: nil, timeoutMilliseconds: configuration.requestTimeoutMilliseconds) { [weak self, weak worker] result in
                guard let worker else { return }
                worker.isBeingPinged = false
                if case .failure(let error) = result, error.code == RPCErrorCode.requestTimedOut {
                    self?.didNotAnswer(worker, WorkerPingRequest.method)
                }
            }
        }
    }

    // MARK: Crashes

    /// The worker of a screen on the stack ended without being asked to.
    func workerExited(_ worker: WorkerProcess) {
        guard let entry = host.navigator.entry(id: worker.screenId), entry.worker === worker else { return }
        let restarting = entry.restarts.admit(
            now: host.loop.now, limit: configuration.maxRestarts, window: configuration.restartWindowMilliseconds)
        notify?(DidCrashNotification(
            screen: entry.screen.id, kind: entry.screen.kind, status: worker.endDescription, stderrTail: worker.stderrTail,
            restarting: restarting, restarts: entry.restarts.count))
        guard restarting else {
            let seconds = configuration.restartWindowMilliseconds / 1000
            return fail(entry, worker.failure(
                "screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) \(worker.endDescription) and was restarted \(configuration.maxRestarts) times within \(seconds) s; it stays stopped until screen/reload"))
        }
        host.log.warning("restarting \(worker.label) (restart \(entry.restarts.count))")
        // Ahead of queued requests, so they find the screen back.
        host.navigator.enqueueFirst { [unowned self] done in
            self.restart(entry) { _ in done() }
        }
    }

    /// `screen/reload`: a running worker is stopped first; the restart window starts afresh.
    func reload(_ entry: ScreenEntry, completion: @escaping (Result<ScreenState, RPCError>) -> Void) {
        // A wake under way finishes first; a hibernating screen is simply started again.
        guard entry.wakers.isEmpty else {
            return entry.wakers.append { [unowned self] _ in self.reload(entry, completion: completion) }
        }
        entry.isHibernating = false
        entry.restarts.forgetRecent()
        guard entry.worker.isRunning else { return restart(entry, completion: completion) }
        host.spawner.stop([entry]) { [unowned self] in self.restart(entry, completion: completion) }
    }

    /// Opens a new worker for the screen from its restoration token and puts it in place.
    private func restart(_ entry: ScreenEntry, completion: @escaping (Result<ScreenState, RPCError>) -> Void) {
        guard isOnStack(entry) else { return completion(.failure(.invalidNavigation("screen \(entry.screen.id) is no longer on the stack"))) }
        host.spawner.open(kind: entry.screen.kind, params: entry.screen.params, token: entry.token, screenId: entry.screen.id) {
            [unowned self] result in
            switch result {
            case .success(let fresh):
                guard isOnStack(entry), let state = fresh.openedState else {
                    host.spawner.stop([fresh])
                    return completion(.failure(.invalidNavigation("screen \(entry.screen.id) is no longer on the stack")))
                }
                // Never two workers for one screen: one still running here is ended.
                let previous = entry.worker
                entry.worker = fresh.worker
                if previous !== fresh.worker, previous.isRunning { host.spawner.retire(previous) }
                entry.failure = nil
                entry.openedState = state
                entry.token = fresh.token
                notify?(DidUpdateNotification(screen: entry.screen.id, revision: state.revision, sections: state.sections, reset: true, loading: state.loading))
                var answer = state
                answer.screen = entry.screen.id
                completion(.success(answer))
            case .failure(let error):
                if isOnStack(entry) { fail(entry, error) }
                completion(.failure(error))
            }
        }
    }

    // MARK: Hibernation

    /// After any stack change: screens deeper than `awakeScreens` give up their worker (their
    /// token keeps query, selection and window), and a hibernating screen that is now on top wakes.
    func stackDidChange() {
        let entries = host.navigator.entries
        if configuration.awakeScreens > 0 {
            for entry in entries.dropLast(configuration.awakeScreens)
            where !entry.isHibernating && entry.failure == nil && entry.worker.isRunning && entry.wakers.isEmpty
                // A screen still answering something hibernates at a later change instead.
                && entry.worker.connection.outstandingRequestCount == 0 && entry.worker.connection.unansweredIncomingCount == 0 {
                entry.isHibernating = true
                host.log.debug("hibernating \(entry.worker.label)")
                host.spawner.stop([entry])
            }
        }
        if let top = entries.last, top.isHibernating {
            host.navigator.enqueueFirst { [unowned self] done in self.wake(top) { _ in done() } }
        }
    }

    /// Brings a hibernating screen back from its token; requests for it wait meanwhile.
    func wake(_ entry: ScreenEntry, completion: @escaping (Result<Void, RPCError>) -> Void) {
        guard entry.isHibernating else { return completion(.success(())) }
        entry.wakers.append(completion)
        guard entry.wakers.count == 1 else { return }
        host.log.debug("waking screen \(entry.screen.id)")
        restart(entry) { result in
            entry.isHibernating = false
            let waiting = entry.wakers
            entry.wakers = []
            for waker in waiting { waker(result.map { _ in () }) }
        }
    }

    private func fail(_ entry: ScreenEntry, _ failure: RPCError) {
        host.log.error(failure.message)
        entry.failure = failure
        let revision = FailedScreen.revision(of: entry)
        // A reload numbers on from the failed state's revision.
        var token = entry.token ?? RestorationToken()
        token.revision = max(token.revision ?? 0, revision)
        entry.token = token
        notify?(DidUpdateNotification(screen: entry.screen.id, revision: revision, sections: FailedScreen.sections(failure), reset: true))
    }

    private func isOnStack(_ entry: ScreenEntry) -> Bool {
        host.navigator.entries.contains { $0 === entry }
    }
}
