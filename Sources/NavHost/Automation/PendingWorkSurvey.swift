import NavProtocol

/// Lists what is in flight in a host right now; empty means idle. Requests to `nav/waitIdle`
/// itself never count: they are what is waiting.
struct PendingWorkSurvey {
    let navigator: Navigator
    let spawner: WorkerSpawner
    let client: RPCConnectionState
    /// Screens whose last update said they are still loading.
    let loadingScreens: Set<String>

    /// What the survey needs of the client connection.
    struct RPCConnectionState {
        var unansweredRequests: [(id: RequestID, method: String)]
        var pendingWriteBytes: Int
    }

    func pendingWork() -> [PendingWork] {
        var pending: [PendingWork] = []
        let queued = navigator.queuedOperationCount + (navigator.isRunningAnOperation ? 1 : 0)
        if queued > 0 {
            let running = navigator.isRunningAnOperation ? "one running" : "none running"
            pending.append(PendingWork(kind: .queue, detail: "\(queued) operation(s) in the request queue (\(running))"))
        }
        for request in client.unansweredRequests.sorted(by: { "\($0.id)" < "\($1.id)" }) where request.method != WaitIdleRequest.method {
            pending.append(PendingWork(kind: .clientRequest, method: request.method, detail: "client request \(request.id) (\(request.method)) not answered yet"))
        }
        let onStack = Set(navigator.entries.filter { !$0.isHibernating }.map(\.screen.id))
        for worker in spawner.liveWorkers.sorted(by: { $0.screenId < $1.screenId }) {
            pending += work(of: worker, isOnStack: onStack.contains(worker.screenId))
        }
        if client.pendingWriteBytes > 0 {
            pending.append(PendingWork(kind: .output, detail: "\(client.pendingWriteBytes) bytes not yet written to the client"))
        }
        return pending
    }

    private func work(of worker: WorkerProcess, isOnStack: Bool) -> [PendingWork] {
        let screen = worker.screenId
        let label = "screen \(screen) (\(worker.kind.rawValue))"
        var pending: [PendingWork] = []
        let sent = worker.connection.outstandingRequests
        // A ping is the supervisor's, not work the client waits for.
        for request in sent where request.method != WorkerPingRequest.method {
            pending.append(PendingWork(kind: .workerRequest, screen: screen, method: request.method, detail: "\(request.method) sent to \(label), not answered yet"))
        }
        for request in worker.connection.unansweredIncomingRequests {
            pending.append(PendingWork(kind: .workerRequest, screen: screen, method: request.method, detail: "\(label) asked \(request.method), not answered yet"))
        }
        if loadingScreens.contains(screen) {
            pending.append(PendingWork(kind: .loading, screen: screen, detail: "\(label) is still loading"))
        }
        // Off the stack with nothing outstanding: popped, and its process has not ended yet.
        if !isOnStack && sent.allSatisfy({ $0.method == WorkerPingRequest.method }) {
            pending.append(PendingWork(kind: .worker, screen: screen, detail: "\(label) was popped and is still ending"))
        }
        return pending
    }
}
