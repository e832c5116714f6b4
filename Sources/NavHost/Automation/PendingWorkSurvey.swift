import NavProtocol
import Transport

/// The one definition of "idle": what is in flight in the host right now. `isIdle` is the cheap
/// form for the loop's every turn (counts, stopping at the first thing found); `pendingWork`
/// lists the same things, in words, for a `nav/waitIdle` that times out. Both walk the same
/// checks, so they cannot disagree. Requests to `nav/waitIdle` itself and pings never count.
final class PendingWorkSurvey {
    private let navigator: Navigator
    private let queue: RequestQueue
    private let spawner: WorkerSpawner
    private let client: RPCConnection
    /// Workers whose last `worker/didUpdate` said their screen is still loading, with the screen.
    /// A mark goes when the worker ends or its screen leaves the stack.
    private var loading: [ObjectIdentifier: String] = [:]
    /// `worker/didUpdate` notifications seen: part of the state version.
    private(set) var screenUpdateCount = 0

    init(navigator: Navigator, queue: RequestQueue, spawner: WorkerSpawner, client: RPCConnection, events: WorkerEvents) {
        self.navigator = navigator
        self.queue = queue
        self.spawner = spawner
        self.client = client
        events.observeNotifications { [unowned self] worker, notification in
            guard notification.method == WorkerDidUpdateNotification.method else { return }
            screenUpdateCount += 1
            // `loading` is optional: a worker that never sends it is never loading.
            let isLoading = notification.params?["loading"]?.boolValue == true
            loading[ObjectIdentifier(worker)] = isLoading ? worker.screenId : nil
        }
        events.observeEnds { [unowned self] worker in loading[ObjectIdentifier(worker)] = nil }
        navigator.observeChanges { [unowned self] stack, _ in
            let onStack = Set(stack.map(\.id))
            loading = loading.filter { onStack.contains($0.value) }
        }
    }

    /// Grows with every visible change: each stack change and each screen update.
    var stateVersion: Int { navigator.stackGeneration + screenUpdateCount }

    /// Whether nothing is in flight; `waiters` is the number of `nav/waitIdle` requests waiting.
    func isIdle(waiters: Int) -> Bool {
        survey(waiters: waiters, workers: spawner.liveWorkers) { _ in false }
    }

    func pendingWork(waiters: Int) -> [PendingWork] {
        var pending: [PendingWork] = []
        // Listed by screen id, so a timed-out wait reads the same way each time.
        _ = survey(waiters: waiters, workers: spawner.liveWorkers.sorted { $0.screenId < $1.screenId }) { found in
            pending += found()
            return true
        }
        return pending
    }

    /// Walks every source of work; `report` gets each one found (as a closure, so the cheap form
    /// never words it) and answers whether to go on. Returns true when nothing was found.
    private func survey(waiters: Int, workers: [WorkerProcess], report: (() -> [PendingWork]) -> Bool) -> Bool {
        var idle = true
        func found(_ work: @escaping () -> [PendingWork]) -> Bool {
            idle = false
            return report(work)
        }
        let queued = queue.queuedCount + (queue.isRunningAnOperation ? 1 : 0)
        if queued > 0 {
            let running = queue.isRunningAnOperation ? "one running" : "none running"
            guard found({ [PendingWork(kind: .queue, detail: "\(queued) operation(s) in the request queue (\(running))")] }) else { return false }
        }
        if client.unansweredIncomingCount > waiters {
            guard found({ [client] in
                client.unansweredIncomingRequests.filter { $0.method != WaitIdleRequest.method }.sorted { "\($0.id)" < "\($1.id)" }.map {
                    PendingWork(kind: .clientRequest, method: $0.method, detail: "client request \($0.id) (\($0.method)) not answered yet")
                }
            }) else { return false }
        }
        let awake = Set(navigator.entries.lazy.filter { !$0.isHibernating }.compactMap { $0.worker.map(ObjectIdentifier.init) })
        for worker in workers {
            let isAwake = awake.contains(ObjectIdentifier(worker))
            let isLoading = loading[ObjectIdentifier(worker)] != nil
            guard worker.isBusy || isLoading || !isAwake else { continue }
            guard found({ Self.work(of: worker, isAwake: isAwake, isLoading: isLoading) }) else { return false }
        }
        let unwritten = client.pendingWriteBytes
        if unwritten > 0 {
            guard found({ [PendingWork(kind: .output, detail: "\(unwritten) bytes not yet written to the client")] }) else { return false }
        }
        return idle
    }

    private static func work(of worker: WorkerProcess, isAwake: Bool, isLoading: Bool) -> [PendingWork] {
        let screen = worker.screenId
        let label = "screen \(screen) (\(worker.kind.rawValue))"
        let sent = worker.outstandingRequests.filter { $0.method != WorkerPingRequest.method }
        var pending = sent.map {
            PendingWork(kind: .workerRequest, screen: screen, method: $0.method, detail: "\($0.method) sent to \(label), not answered yet")
        }
        pending += worker.unansweredIncomingRequests.map {
            PendingWork(kind: .workerRequest, screen: screen, method: $0.method, detail: "\(label) asked \($0.method), not answered yet")
        }
        if isLoading {
            pending.append(PendingWork(kind: .loading, screen: screen, detail: "\(label) is still loading"))
        }
        // Not an awake screen's worker, with nothing outstanding: popped or hibernated, and its
        // process has not ended yet.
        if !isAwake && sent.isEmpty {
            pending.append(PendingWork(kind: .worker, screen: screen, detail: "\(label) was popped and is still ending"))
        }
        return pending
    }
}
