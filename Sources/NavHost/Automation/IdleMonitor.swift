import NavProtocol
import Transport
import UVKit

/// Knows when a host is idle, by the survey: answers `nav/waitIdle` and sends `nav/didIdle`. It
/// looks once per loop iteration, just before the loop sleeps, when every callback of the
/// iteration has run and the iteration's writes were handed to the kernel (`TurnEnd.observe`):
/// an answer just written is not work still pending, and the notice goes out in the same pass.
final class IdleMonitor {
    private let loop: UVLoop
    private let survey: PendingWorkSurvey
    private let notifier: ClientNotifier
    private var waiters: [IdleWaiter] = []
    private var lastSeenVersion = 0
    /// The state changed since the last `nav/didIdle`.
    private var hadActivity = false

    private final class IdleWaiter {
        let responder: RPCResponder
        var timer: UVTimer?
        init(responder: RPCResponder) { self.responder = responder }
    }

    init(loop: UVLoop, survey: PendingWorkSurvey, notifier: ClientNotifier) {
        self.loop = loop
        self.survey = survey
        self.notifier = notifier
        // Unowned: the host keeps the monitor until its loop has closed, and this runs on every
        // loop turn, where a weak reference costs a lookup.
        loop.turnEnd?.observe { [unowned self] in evaluate() }
    }

    func wait(_ params: WaitIdleRequest, _ responder: RPCResponder) {
        // In range: `WaitIdleRequest.decode` checked it.
        let timeout = params.timeout ?? WaitIdleRequest.defaultTimeout
        let waiter = IdleWaiter(responder: responder)
        waiters.append(waiter)
        waiter.timer = try? UVTimer(loop: loop)
        waiter.timer?.start(after: UInt64(timeout * 1000)) { [weak self, weak waiter] in
            if let waiter { self?.expire(waiter, after: timeout) }
        }
        responder.onCancel = { [weak self, weak waiter] in
            if let waiter { self?.remove(waiter) }
        }
    }

    private func evaluate() {
        let version = survey.stateVersion
        if version != lastSeenVersion {
            lastSeenVersion = version
            hadActivity = true
        }
        // This runs on every loop iteration: with no visible change to announce and nobody
        // waiting, there is nothing to look at (a read changes nothing visible).
        guard hadActivity || !waiters.isEmpty else { return }
        guard survey.isIdle(waiters: waiters.count) else { return }
        if hadActivity {
            hadActivity = false
            notifier.send(DidIdleNotification(stateVersion: version))
        }
        let ready = waiters
        waiters = []
        for waiter in ready {
            waiter.timer?.close()
            waiter.responder.succeed(encoding: WaitIdleRequest.Response(stateVersion: version))
        }
    }

    /// The deadline passed; a host that became idle in this very iteration still counts as idle.
    private func expire(_ waiter: IdleWaiter, after timeout: Double) {
        remove(waiter)
        let pending = survey.pendingWork(waiters: waiters.count)
        guard !pending.isEmpty else {
            return waiter.responder.succeed(encoding: WaitIdleRequest.Response(stateVersion: survey.stateVersion))
        }
        let summary = pending.prefix(3).map(\.detail).joined(separator: "; ") + (pending.count > 3 ? "; …" : "")
        let data = try? JSONValueEncoder().encode(IdleTimeoutData(stateVersion: survey.stateVersion, pending: pending))
        waiter.responder.fail(RPCError(code: RPCErrorCode.requestTimedOut, message: "navhost was not idle after \(timeout) s: \(summary)", data: data))
    }

    private func remove(_ waiter: IdleWaiter) {
        waiter.timer?.close()
        waiter.timer = nil
        waiters.removeAll { $0 === waiter }
    }
}
