import NavProtocol
import Transport
import UVKit

/// Keeps the stack's screens alive: a worker that crashes, is killed, exits unasked, hangs or
/// sends garbage is restarted with the same kind, params and restoration token, within the
/// restart intensity; past it the screen shows its failed state until `screen/reload`. It also
/// hibernates deep screens and wakes them.
final class Supervisor {
    private let loop: UVLoop
    private let log: Log
    private let configuration: HostConfiguration
    private let navigator: Navigator
    private let queue: RequestQueue
    private let spawner: WorkerSpawner
    private let notifier: ClientNotifier

    init(
        loop: UVLoop, log: Log, configuration: HostConfiguration, navigator: Navigator, queue: RequestQueue, spawner: WorkerSpawner,
        notifier: ClientNotifier, events: WorkerEvents
    ) {
        self.loop = loop
        self.log = log
        self.configuration = configuration
        self.navigator = navigator
        self.queue = queue
        self.spawner = spawner
        self.notifier = notifier
        events.observeCrashes { [unowned self] worker in self.workerExited(worker) }
        navigator.observeChanges { [unowned self] _, _ in self.stackDidChange() }
    }

    // MARK: Crashes

    /// The worker of a screen on the stack ended without being asked to. Each screen has its
    /// own restart history, so screens whose workers all died at once each get their restarts.
    private func workerExited(_ worker: WorkerProcess) {
        guard let entry = navigator.entry(id: worker.screenId), entry.worker === worker else { return }
        let restarting = entry.restarts.admit(now: loop.now, limit: configuration.settings.maxRestarts, window: configuration.restartWindowMilliseconds)
        notifier.send(DidCrashNotification(
            screen: entry.screen.id, kind: entry.screen.kind, status: worker.endDescription, stderrTail: worker.stderrTail,
            restarting: restarting, restarts: entry.restarts.count))
        guard restarting else {
            let seconds = configuration.restartWindowMilliseconds / 1000
            return fail(entry, worker.failure(
                "screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) \(worker.endDescription) and was restarted \(configuration.settings.maxRestarts) times within \(seconds) s; it stays stopped until screen/reload"))
        }
        log.warning("restarting \(worker.label) (restart \(entry.restarts.count))")
        // Ahead of queued requests, so they find the screen back.
        queue.enqueueFirst { [unowned self] done in
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
        guard entry.runningWorker != nil else { return restart(entry, completion: completion) }
        spawner.stop([entry]) { [unowned self] in self.restart(entry, completion: completion) }
    }

    /// Opens a new worker for the screen from its restoration token and puts it in place.
    private func restart(_ entry: ScreenEntry, completion: @escaping (Result<ScreenState, RPCError>) -> Void) {
        guard navigator.contains(entry) else { return completion(.failure(.invalidNavigation("screen \(entry.screen.id) is no longer on the stack"))) }
        spawner.open(kind: entry.screen.kind, params: entry.screen.params, token: entry.token, screenId: entry.screen.id) {
            [unowned self] result in
            switch result {
            case .success(let opened):
                let fresh = opened.entry
                guard navigator.contains(entry), let state = fresh.openedState else {
                    spawner.stop([fresh])
                    return completion(.failure(.invalidNavigation("screen \(entry.screen.id) is no longer on the stack")))
                }
                // Never two workers for one screen: one still running here is ended.
                if let previous = entry.runningWorker, previous !== fresh.worker { spawner.retire(previous) }
                entry.worker = fresh.worker
                entry.failure = nil
                entry.openedState = state
                entry.token = fresh.token
                // A screen opened hibernating takes its title from its first worker.
                entry.screen.title = fresh.screen.title
                notifier.send(DidUpdateNotification(screen: entry.screen.id, revision: state.revision, sections: state.sections, reset: true, loading: state.loading))
                var answer = state
                answer.screen = entry.screen.id
                completion(.success(answer))
            case .failure(let error):
                if navigator.contains(entry) { fail(entry, error) }
                completion(.failure(error))
            }
        }
    }

    // MARK: Hibernation

    /// After any stack change: screens deeper than `awakeScreens` give up their worker (their
    /// token keeps query, selection and window), and a hibernating screen that is now on top wakes.
    private func stackDidChange() {
        let entries = navigator.entries
        if configuration.settings.awakeScreens > 0 {
            for entry in entries.dropLast(configuration.settings.awakeScreens)
            where !entry.isHibernating && entry.failure == nil && entry.wakers.isEmpty {
                // A screen still answering something hibernates at a later change instead.
                guard let worker = entry.runningWorker, !worker.isBusy else { continue }
                entry.isHibernating = true
                log.debug("hibernating \(worker.label)")
                spawner.stop([entry])
                entry.worker = nil
            }
        }
        if let top = entries.last, top.isHibernating {
            queue.enqueueFirst { [unowned self] done in self.wake(top) { _ in done() } }
        }
    }

    /// Brings a hibernating screen back from its token; requests for it wait meanwhile.
    func wake(_ entry: ScreenEntry, completion: @escaping (Result<Void, RPCError>) -> Void) {
        guard entry.isHibernating else { return completion(.success(())) }
        entry.wakers.append(completion)
        guard entry.wakers.count == 1 else { return }
        log.debug("waking screen \(entry.screen.id)")
        restart(entry) { result in
            entry.isHibernating = false
            let waiting = entry.wakers
            entry.wakers = []
            for waker in waiting { waker(result.map { _ in () }) }
        }
    }

    private func fail(_ entry: ScreenEntry, _ failure: RPCError) {
        log.error(failure.message)
        entry.failure = failure
        let revision = FailedScreen.revision(of: entry)
        // A reload numbers on from the failed state's revision.
        var token = entry.token ?? RestorationToken()
        token.revision = max(token.revision ?? 0, revision)
        entry.token = token
        notifier.send(DidUpdateNotification(screen: entry.screen.id, revision: revision, sections: FailedScreen.sections(failure), reset: true))
    }
}
