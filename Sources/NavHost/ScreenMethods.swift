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

    /// `screen/rows` and `screen/query`, the reads every client repeats: navhost reads only
    /// `screen` from their params and passes the params on to the worker as they arrived, with
    /// no tree built. The worker decodes them with the same request types, so it refuses what
    /// navhost would, in the same words. Reads release the request queue once forwarded.
    func rows(_ request: RPCRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        forward(request, as: RowsRequest.self, WorkerRowsRequest.self, answering: responder)
    }

    func query(_ request: RPCRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        forward(request, as: QueryRequest.self, WorkerQueryRequest.self, answering: responder)
    }

    private func forward<Client: RPCRequestType, Worker: WorkerRequestType>(
        _ request: RPCRequest, as _: Client.Type, _: Worker.Type, answering responder: RPCResponder
    ) {
        var params = request.carriedParams
        let screen = params?.member("screen")
        let isUsual: Bool
        switch (params?.isObject, screen) {
        case (nil, _), (true?, nil), (true?, .null?), (true?, .string?): isUsual = true
        default: isUsual = false
        }
        if !isUsual || (params?.receivedByteCount ?? 0) > Self.forwardedParamsLimit {
            // A `screen` that is not a string, params that are not an object, or params far
            // longer than any the request takes: the request type decodes them (and words any
            // refusal), and the worker gets only the members it reads. So a client cannot make
            // navhost pass a worker megabytes the worker would only drop, or a message over
            // the worker's limit. The only params other than an object it accepts, `[]`, mean none.
            do throws(RPCError) {
                let decoded = try Client.decode(params: request.params)
                params = params?.isObject == true ? .value(try encodedParams(decoded)) : nil
            } catch {
                return responder.fail(error)
            }
        }
        gateway.forward(Worker.self, params, to: screen?.stringValue, answering: responder)
    }

    /// Params of `screen/rows` and `screen/query` are a few dozen bytes (a query is at most 256
    /// characters): longer ones are decoded and written again, not passed on (`forward`).
    static let forwardedParamsLimit = 4096

    private func encodedParams<Client: RPCRequestType>(_ decoded: Client) throws(RPCError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(decoded)
        } catch {
            throw .internalError("could not write the params of \(Client.method) again: \(error)")
        }
    }

    /// `screen/actions`: a worker that does not know the method (an external one written before
    /// actions) offers none.
    func actions(_ params: ActionsRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        let screen = navigator.entry(id: params.screen)?.screen.id
        gateway.send(WorkerActionsRequest(rowIds: params.rowIds), to: params.screen, cancelledWith: responder) { result in
            switch result {
            case .success(let reached):
                responder.succeed(reached.answer)
            case .failure(let error) where error.code == RPCErrorCode.methodNotFound:
                responder.succeed(encoding: ActionsRequest.Response(screen: screen, actions: []))
            case .failure(let error):
                responder.fail(error)
            }
        }
    }

    /// `screen/perform` holds the queue until the worker answers: a pop or a second perform
    /// waits for the write, so a write is never cut off half done by the client's next request.
    /// The worker writes the rows one after the other, so it has a request timeout for each.
    func perform(_ params: PerformRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        let writes = params.rowIds?.count ?? 1
        gateway.send(WorkerPerformRequest(params), to: params.screen, cancelledWith: responder, timeouts: writes) { result in
            switch result {
            case .success(let reached):
                responder.succeed(reached.answer)
            case .failure(let error) where error.code == RPCErrorCode.methodNotFound:
                responder.fail(.unknownAction(params.action, message: "no action '\(params.action)': this screen offers no actions"))
            case .failure(let error):
                responder.fail(error)
            }
            done()
        }
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
        // restarting) reports through its push (or its restart's screen/didUpdate). What its
        // worker says meanwhile is dropped unread: every opening sends a few (its first token
        // and update), which navhost parsed only to drop.
        let method = notification.method
        let isAboutItsScreen = method == WorkerDidUpdateNotification.method || method == WorkerDidChangeStateNotification.method
        if isAboutItsScreen, navigator.entry(id: worker.screenId)?.worker !== worker { return }
        switch notification.method {
        case WorkerDidUpdateNotification.method:
            guard var fields = notification.params?.objectValue else { break }
            fields["screen"] = .string(worker.screenId)
            notifier.sendScreenUpdate(.object(fields))
            return
        case WorkerDidChangeStateNotification.method:
            guard let state = try? WorkerDidChangeStateNotification.decode(params: notification.params) else { break }
            do throws(RPCError) {
                try state.token.validate(field: "token")
            } catch {
                log.warning("[\(worker.label)] sent a restoration token navhost does not keep: \(error.message)")
                return
            }
            navigator.entry(id: worker.screenId)?.token = state.token
            return
        default:
            break
        }
        log.warning("[\(worker.label)] sent an unknown or malformed notification \(notification.method)")
    }
}
