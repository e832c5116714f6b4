import NavProtocol
import Transport
import UVKit

/// Routes the client's screen methods to the worker of the screen they name (the top one by
/// default), and the workers' requests and notifications back to the host and the client.
final class ScreenRouter {
    private unowned let host: Host
    private let supervisor: Supervisor
    var sendNotification: ((String, JSONValue) -> Void)?

    init(host: Host, supervisor: Supervisor) {
        self.host = host
        self.supervisor = supervisor
        host.spawner.onWorkerRequest = { [unowned self] worker, request, responder in self.workerRequest(worker, request, responder) }
        host.spawner.onWorkerNotification = { [unowned self] worker, notification in self.workerNotification(worker, notification) }
        host.spawner.onUnexpectedExit = { [unowned self] worker, _ in self.supervisor.workerExited(worker) }
    }

    /// Reads release the request queue once forwarded; they need not wait for the worker.
    func rows(_ params: RowsRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        let offset = params.offset ?? 0
        let limit = params.limit ?? RowsRequest.defaultLimit
        guard offset >= 0 else { return responder.fail(.invalidParams("invalid params: field 'offset' must be 0 or more")) }
        guard (0...RowsRequest.maxLimit).contains(limit) else {
            return responder.fail(.invalidParams("invalid params: field 'limit' must be between 0 and \(RowsRequest.maxLimit)"))
        }
        let forwarded = RowsRequest(section: params.section, offset: offset, limit: limit, revision: params.revision)
        if let entry = host.navigator.entry(id: params.screen), let failure = entry.failure {
            return responder.succeed(encoding: RowsRequest.Response(
                screen: entry.screen.id, revision: FailedScreen.revision(of: entry), sections: FailedScreen.sections(failure), rows: FailedScreen.rows(failure)))
        }
        forward(WorkerMethod.rows, clientMethod: RowsRequest.method, screen: params.screen, params: forwarded, responder)
    }

    func query(_ params: QueryRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        forward(WorkerMethod.query, clientMethod: QueryRequest.method, screen: params.screen, params: ["text": .string(params.text)] as JSONValue, responder)
    }

    /// A selection holds the queue until the worker answers, since it may push or pop.
    func select(_ params: SelectRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        let navigator = host.navigator
        if params.rowId == FailedScreen.reloadRowId, let entry = navigator.entry(id: params.screen), entry.failure != nil {
            return reload(entry, responder, done)
        }
        if let rows = params.rows, !(0...RowsRequest.maxLimit).contains(rows) {
            responder.fail(.invalidParams("invalid params: field 'rows' must be between 0 and \(RowsRequest.maxLimit)"))
            return done()
        }
        let selecting = navigator.entry(id: params.screen)?.screen.id
        navigator.selectingScreen = selecting
        navigator.selectionRows = params.rows
        if let selecting { navigator.cancelledSelections.remove(selecting) }
        forward(WorkerMethod.select, clientMethod: SelectRequest.method, screen: params.screen, params: ["rowId": .string(params.rowId)] as JSONValue, responder) {
            result in
            var fields = result.objectValue ?? [:]
            fields["stack"] = (try? JSONValueEncoder().encode(navigator.stack)) ?? .null
            if let pushed = fields["pushed"]?["id"]?.stringValue, let rows = navigator.takeOpenedRows(of: pushed) {
                fields["pushedRows"] = rows
            }
            return .object(fields)
        } finished: {
            navigator.selectingScreen = nil
            navigator.selectionRows = nil
            done()
        }
        let forwardCancel = responder.onCancel
        responder.onCancel = {
            if let selecting { navigator.cancelledSelections.insert(selecting) }
            forwardCancel?()
        }
    }

    /// `screen/reload`: holds the queue until the screen's new worker has opened.
    func reload(_ params: ReloadRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        guard let entry = host.navigator.entry(id: params.screen) else {
            responder.fail(screenNotFound(params.screen))
            return done()
        }
        reload(entry, responder, done)
    }

    private func reload(_ entry: ScreenEntry, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        supervisor.reload(entry) { result in
            responder.reply(encoded: result)
            done()
        }
    }

    /// The debug/* methods go to the screen's worker under their own names; the params other
    /// than `screen` travel with them.
    func debug(_ method: String, screen: String?, params: JSONValue?, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        defer { done() }
        var fields = params?.objectValue ?? [:]
        fields["screen"] = nil
        forward(method, clientMethod: method, screen: screen, params: JSONValue.object(fields), responder) { result in result }
    }

    private func screenNotFound(_ screen: String?) -> RPCError {
        let ids = host.navigator.stack.map(\.id).joined(separator: ", ")
        return RPCError(
            code: RPCErrorCode.screenNotFound, message: "no screen '\(screen ?? "")' on the stack; the stack is [\(ids)]",
            data: ["screen": screen.map(JSONValue.string) ?? .null])
    }

    /// Sends `method` to the screen's worker and answers the client with the worker's result,
    /// tagged with the screen id and passed through `adjust`.
    private func forward<Params: JSONWritable>(
        _ method: String, clientMethod: String, screen: String?, params: Params, _ responder: RPCResponder,
        adjust: ((JSONValue) -> JSONValue)? = nil, finished: @escaping () -> Void = {}
    ) {
        guard let entry = host.navigator.entry(id: screen) else {
            responder.fail(screenNotFound(screen))
            return finished()
        }
        if let failure = entry.failure {
            responder.fail(failure)
            return finished()
        }
        if entry.isHibernating {
            return supervisor.wake(entry) { [weak self] result in
                guard let self else { return }
                if case .failure(let error) = result {
                    responder.fail(error)
                    return finished()
                }
                self.forward(method, clientMethod: clientMethod, screen: screen, params: params, responder, adjust: adjust, finished: finished)
            }
        }
        let worker = entry.worker
        guard worker.isRunning else {
            responder.fail(worker.failure("screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) is not running: its worker \(worker.exitStatus?.description ?? "ended")"))
            return finished()
        }
        let timeout = host.configuration.requestTimeoutMilliseconds
        let fail: (RPCError) -> Void = { [supervisor] error in
            guard error.code == RPCErrorCode.requestTimedOut else { return responder.fail(error) }
            var timedOut = worker.failure("screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) did not answer \(clientMethod) within \(timeout) ms")
            timedOut.code = RPCErrorCode.requestTimedOut
            supervisor.didNotAnswer(worker, method)
            responder.fail(timedOut)
        }
        let id: RequestID
        if let adjust {
            id = worker.connection.sendRequest(method: method, writing: params, timeoutMilliseconds: timeout) { result in
                switch result {
                case .success(let value):
                    var tagged = adjust(value).objectValue ?? [:]
                    tagged["screen"] = .string(entry.screen.id)
                    responder.succeed(.object(tagged))
                case .failure(let error):
                    fail(error)
                }
                finished()
            }
        } else {
            // The worker's answer already names its screen: it goes to the client as it came.
            id = worker.connection.forwardRequest(method: method, writing: params, timeoutMilliseconds: timeout) { result in
                switch result {
                case .success(let raw): responder.succeed(raw: raw)
                case .failure(let error): fail(error)
                }
                finished()
            }
        }
        responder.onCancel = { worker.connection.cancelRequest(id) }
    }

    private func workerRequest(_ worker: WorkerProcess, _ request: RPCRequest, _ responder: RPCResponder) {
        switch request.method {
        case HostPushRequest.method:
            do throws(RPCError) {
                let push = try decodeParams(HostPushRequest.self, from: request.params)
                whileHoldingTheQueue(for: worker, responder) { [host] done in
                    let navigator = host.navigator
                    navigator.push(
                        kind: push.kind, params: push.params, above: worker.screenId, reason: .push,
                        firstRows: navigator.selectingScreen == worker.screenId ? navigator.selectionRows : nil,
                        unless: { navigator.cancelledSelections.contains(worker.screenId) }
                    ) {
                        responder.reply(encoded: $0)
                        done()
                    }
                }
            } catch {
                responder.fail(error)
            }
        case HostPopRequest.method:
            whileHoldingTheQueue(for: worker, responder) { [host] done in
                host.navigator.pop(screenId: worker.screenId) { responder.reply(encoded: $0) }
                done()
            }
        default:
            responder.fail(.methodNotFound(request.method))
        }
    }

    /// A worker's stack change runs at once inside the selection that holds the queue for it,
    /// and in turn otherwise.
    private func whileHoldingTheQueue(for worker: WorkerProcess, _ responder: RPCResponder, _ body: @escaping (@escaping () -> Void) -> Void) {
        // The client cancelled the selection: what it would have pushed or popped is not done.
        guard !host.navigator.cancelledSelections.contains(worker.screenId) else { return responder.fail(.requestCancelled()) }
        if host.navigator.selectingScreen == worker.screenId {
            body {}
        } else {
            host.navigator.enqueue(body)
        }
    }

    private func workerNotification(_ worker: WorkerProcess, _ notification: RPCNotification) {
        // Only screens on the stack have a client-visible identity; a screen still opening (or
        // restarting) reports through its push (or its restart's screen/didUpdate).
        let entry = host.navigator.entry(id: worker.screenId)
        switch notification.method {
        case WorkerDidUpdateNotification.method:
            guard var fields = notification.params?.objectValue else { break }
            guard let entry, entry.worker === worker else { return }
            fields["screen"] = .string(worker.screenId)
            sendNotification?(DidUpdateNotification.method, .object(fields))
            return
        case WorkerDidChangeStateNotification.method:
            guard let state = try? decodeParams(WorkerDidChangeStateNotification.self, from: notification.params) else { break }
            if let entry, entry.worker === worker { entry.token = state.token }
            return
        default:
            break
        }
        host.log.warning("[\(worker.label)] sent an unknown or malformed notification \(notification.method)")
    }
}
