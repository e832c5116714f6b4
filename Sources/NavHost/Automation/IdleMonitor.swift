import NavProtocol
import Transport
import UVKit

/// Knows when a host is idle: answers `nav/waitIdle`, sends `nav/didIdle`, and keeps the state
/// version. It looks once per loop iteration, just before the loop sleeps, when every callback
/// of the iteration has run.
final class IdleMonitor {
    private unowned let host: Host
    private var prepare: UVPrepare?
    private var waiters: [IdleWaiter] = []
    private var screenUpdateCount = 0
    private var loadingScreens: Set<String> = []
    private var lastSeenVersion = 0
    /// Work was seen in flight, or the state changed, since the last `nav/didIdle`.
    private var hadActivity = false

    private final class IdleWaiter {
        let responder: RPCResponder
        var timer: UVTimer?
        init(responder: RPCResponder) { self.responder = responder }
    }

    init(host: Host) {
        self.host = host
        prepare = try? UVPrepare(loop: host.loop)
        prepare?.unref()
        prepare?.start { [weak self] in self?.evaluate() }
        // The router already forwards worker notifications; look at each before it does.
        let forward = host.spawner.onWorkerNotification
        host.spawner.onWorkerNotification = { [weak self] worker, notification in
            self?.observe(notification, from: worker)
            forward?(worker, notification)
        }
    }

    /// Grows with every visible change: each stack change and each screen update.
    var stateVersion: Int { host.navigator.stackGeneration + screenUpdateCount }

    func pendingWork() -> [PendingWork] {
        let live = Set(host.spawner.liveWorkers.map(\.screenId))
        loadingScreens.formIntersection(live)
        return PendingWorkSurvey(
            navigator: host.navigator, spawner: host.spawner,
            client: .init(unansweredRequests: host.client.unansweredIncomingRequests, pendingWriteBytes: host.client.pendingWriteBytes),
            loadingScreens: loadingScreens
        ).pendingWork()
    }

    func wait(_ params: WaitIdleRequest, _ responder: RPCResponder) {
        let timeout = params.timeout ?? WaitIdleRequest.defaultTimeout
        guard timeout >= 0, timeout <= WaitIdleRequest.maxTimeout else {
            return responder.fail(.invalidParams("invalid params: field 'timeout' must be between 0 and \(Int(WaitIdleRequest.maxTimeout)) seconds"))
        }
        let waiter = IdleWaiter(responder: responder)
        waiters.append(waiter)
        waiter.timer = try? UVTimer(loop: host.loop)
        waiter.timer?.start(after: UInt64(timeout * 1000)) { [weak self, weak waiter] in
            if let waiter { self?.expire(waiter, after: timeout) }
        }
        responder.onCancel = { [weak self, weak waiter] in
            if let waiter { self?.remove(waiter) }
        }
    }

    private func observe(_ notification: RPCNotification, from worker: WorkerProcess) {
        guard notification.method == WorkerDidUpdateNotification.method else { return }
        screenUpdateCount += 1
        // `loading` is optional: a worker that never sends it is never loading.
        if notification.params?["loading"]?.boolValue == true {
            loadingScreens.insert(worker.screenId)
        } else {
            loadingScreens.remove(worker.screenId)
        }
    }

    private func evaluate() {
        let version = stateVersion
        if version != lastSeenVersion {
            lastSeenVersion = version
            hadActivity = true
        }
        // This runs on every loop iteration: with no visible change to announce and nobody
        // waiting, there is nothing to look at (a read changes nothing visible). Otherwise
        // count, never list (listing is for timeouts).
        guard hadActivity || !waiters.isEmpty else { return }
        guard !isBusy() else { return }
        if hadActivity {
            hadActivity = false
            if let params = try? JSONValueEncoder().encode(DidIdleNotification(stateVersion: version)) {
                host.client.sendNotification(method: DidIdleNotification.method, params: params)
            }
        }
        let ready = waiters
        waiters = []
        for waiter in ready {
            waiter.timer?.close()
            waiter.responder.succeed(encoding: WaitIdleRequest.Response(stateVersion: version))
        }
    }

    /// The survey's answer as counts only: whether anything is in flight, output included.
    private func isBusy() -> Bool {
        let navigator = host.navigator
        let waitingClients = waiters.count
        var beyondOutput = navigator.queuedOperationCount > 0 || navigator.isRunningAnOperation
            || host.client.unansweredIncomingCount > waitingClients || !loadingScreens.isEmpty
        if !beyondOutput {
            // A live worker off the stack was popped and is still ending; one of a hibernating
            // screen is ending too.
            let onStack = Set(navigator.entries.filter { !$0.isHibernating }.map(\.screen.id))
            beyondOutput = host.spawner.liveWorkers.contains { worker in
                !onStack.contains(worker.screenId) || worker.connection.outstandingRequestCount > 0
                    || worker.connection.unansweredIncomingCount > 0
            }
        }
        return beyondOutput || host.client.pendingWriteBytes > 0
    }

    /// The deadline passed; a host that became idle in this very iteration still counts as idle.
    private func expire(_ waiter: IdleWaiter, after timeout: Double) {
        remove(waiter)
        let pending = pendingWork()
        guard !pending.isEmpty else {
            return waiter.responder.succeed(encoding: WaitIdleRequest.Response(stateVersion: stateVersion))
        }
        let summary = pending.prefix(3).map(\.detail).joined(separator: "; ") + (pending.count > 3 ? "; …" : "")
        let data = try? JSONValueEncoder().encode(IdleTimeoutData(stateVersion: stateVersion, pending: pending))
        waiter.responder.fail(RPCError(code: RPCErrorCode.requestTimedOut, message: "navhost was not idle after \(timeout) s: \(summary)", data: data))
    }

    private func remove(_ waiter: IdleWaiter) {
        waiter.timer?.close()
        waiter.timer = nil
        waiters.removeAll { $0 === waiter }
    }
}
