import NavProtocol
import Transport

/// The client's reads of a screen (`screen/rows`, `screen/query`, `screen/reload`, the debug
/// methods), sent through the gateway, and what workers report about their screens
/// (`worker/didUpdate`, passed on as `screen/didUpdate`; `worker/didChangeState`, kept as the
/// screen's restoration token).
final class ScreenMethods {
    private let navigator: Navigator
    private let gateway: ScreenGateway
    private let supervisor: Supervisor
    private let notifier: ClientNotifier
    private let log: Log

    init(navigator: Navigator, gateway: ScreenGateway, supervisor: Supervisor, notifier: ClientNotifier, events: WorkerEvents, log: Log) {
        self.navigator = navigator
        self.gateway = gateway
        self.supervisor = supervisor
        self.notifier = notifier
        self.log = log
        events.observeNotifications { [unowned self] worker, notification in self.workerNotification(worker, notification) }
    }

    /// Reads release the request queue once forwarded; they need not wait for the worker.
    func rows(_ params: RowsRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        let offset = params.offset ?? 0
        let limit = params.limit ?? RowsRequest.defaultLimit
        // The limit and revision were checked as the params were decoded; the offset's bound is
        // the host's (a worker reads nothing past its list's end).
        guard (0...RestorationToken.maxOffset).contains(offset) else {
            return responder.fail(.outOfRange("offset", 0...RestorationToken.maxOffset))
        }
        let request = WorkerRowsRequest(section: params.section, offset: offset, limit: limit, revision: params.revision)
        gateway.forward(request, to: params.screen, answering: responder)
    }

    func query(_ params: QueryRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        gateway.forward(WorkerQueryRequest(text: params.text), to: params.screen, answering: responder)
    }

    /// `screen/reload`: holds the queue until the screen's new worker has opened.
    func reload(_ params: ReloadRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        guard let entry = navigator.entry(id: params.screen) else {
            responder.fail(gateway.screenNotFound(params.screen))
            return done()
        }
        supervisor.reload(entry) { result in
            responder.reply(encoded: result)
            done()
        }
    }

    /// The debug/* methods go to the screen's worker under their own names; the params other
    /// than `screen` travel with them.
    func debug(_ method: String, screen: String?, params: JSONValue, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        gateway.send(method, params, to: screen, cancelledWith: responder) { result in
            switch result {
            case .success(let reached):
                var tagged = reached.answer.objectValue ?? [:]
                tagged["screen"] = .string(reached.entry.screen.id)
                responder.succeed(.object(tagged))
            case .failure(let error):
                responder.fail(error)
            }
        }
    }

    private func workerNotification(_ worker: WorkerProcess, _ notification: RPCNotification) {
        // Only screens on the stack have a client-visible identity; a screen still opening (or
        // restarting) reports through its push (or its restart's screen/didUpdate).
        let isCurrent = navigator.entry(id: worker.screenId)?.worker === worker
        switch notification.method {
        case WorkerDidUpdateNotification.method:
            guard var fields = notification.params?.objectValue else { break }
            guard isCurrent else { return }
            fields["screen"] = .string(worker.screenId)
            notifier.sendScreenUpdate(.object(fields))
            return
        case WorkerDidChangeStateNotification.method:
            guard let state = try? decodeParams(WorkerDidChangeStateNotification.self, from: notification.params) else { break }
            do throws(RPCError) {
                try state.token.validate(field: "token")
            } catch {
                log.warning("[\(worker.label)] sent a restoration token navhost does not keep: \(error.message)")
                return
            }
            if isCurrent { navigator.entry(id: worker.screenId)?.token = state.token }
            return
        default:
            break
        }
        log.warning("[\(worker.label)] sent an unknown or malformed notification \(notification.method)")
    }
}
