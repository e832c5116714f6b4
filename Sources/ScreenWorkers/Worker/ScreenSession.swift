import GitHubData
import GitHubModels
import GitHubScreens
import ListController
import NavProtocol
import Transport
import UVKit

/// One screen served over one connection: the worker protocol's requests about it (open, rows,
/// query, select, ...) decoded, answered, and the screen's updates and restoration token sent.
/// The worker serves the host through one; a rehearsing spare serves its own rehearsal through
/// another (`Rehearsal`), so the rehearsal runs exactly the code a push runs.
final class ScreenSession {
    private let loop: UVLoop
    private let connection: RPCConnection
    private let log: Log
    private let debounceMilliseconds: UInt64
    /// The data source for `worker/open`, asked for once.
    private let takeSource: () throws -> any GitHubSource
    private var controller: (any ScreenController)?
    /// The host's id for the screen served: answers carry it, so the host passes them on untouched.
    private var screenId: String?
    private var restoration: RestorationTracker!

    /// The requests, by method: each decodes its typed params (a refusal names the field) and
    /// answers through its responder.
    typealias Handler = (RPCRequest, RPCResponder) throws -> Void
    private var handlers: [String: Handler] = [:]

    /// A connection that speaks the worker protocol: newline-delimited JSON-RPC, messages up to
    /// 16 MiB. The host connection is one, and so is each side of a rehearsal.
    static func connection(loop: UVLoop, name: String, reader: ByteReader, writer: ByteWriter) -> RPCConnection {
        RPCConnection(loop: loop, name: name, reader: reader, writer: writer, framing: .newlineDelimited, maxMessageBytes: 16 << 20)
    }

    init(loop: UVLoop, connection: RPCConnection, log: Log, debounceMilliseconds: UInt64, takeSource: @escaping () throws -> any GitHubSource) {
        self.loop = loop
        self.connection = connection
        self.log = log
        self.debounceMilliseconds = debounceMilliseconds
        self.takeSource = takeSource
        restoration = RestorationTracker { [unowned self] token in
            self.connection.sendNotification(method: WorkerDidChangeStateNotification.method, writing: WorkerDidChangeStateNotification(token: token))
        }
        registerHandlers()
    }

    /// Adds (or replaces) the handler of a method beyond the screen's own. Every method is one
    /// of the registry's (`WorkerMethods`); one outside it is a programming error.
    func on<R: RPCRequestType>(_ type: R.Type, _ handler: @escaping (R, RPCResponder) throws -> Void) {
        on(method: R.method) { request, responder in try handler(try R.decode(params: request.params), responder) }
    }

    func on(method: String, _ handler: @escaping Handler) {
        assert(WorkerMethods.isRequest(method), "\(method) is not in WorkerMethods")
        handlers[method] = handler
    }

    /// The methods with a handler: the worker answers all of `WorkerMethods`'s once its server
    /// has added its own.
    var methods: Set<String> { Set(handlers.keys) }

    func handle(_ request: RPCRequest, _ responder: RPCResponder) {
        guard let handler = handlers[request.method] else { return responder.fail(.methodNotFound(request.method)) }
        do {
            try handler(request, responder)
        } catch let error as RPCError {
            responder.fail(error)
        } catch let error as ScreenError {
            responder.fail(rpcError(for: error))
        } catch {
            responder.fail(.internalError("\(request.method) failed: \(error)"))
        }
    }

    /// Runs `body` once the screen's writes are done, so that shutting down never cuts one off.
    func whenWritesDone(_ body: @escaping () -> Void) {
        guard let controller else { return body() }
        controller.whenWritesDone(body)
    }

    /// Ends the screen: its loads stop and its timers close.
    func close() {
        controller?.close()
    }

    private func registerHandlers() {
        on(WorkerOpenRequest.self) { [unowned self] params, responder in try open(params, responder) }
        on(WorkerRowsRequest.self) { [unowned self] params, responder in try rows(params.window, responder) }
        on(WorkerQueryRequest.self) { [unowned self] params, responder in try query(params.text, responder) }
        on(WorkerSelectRequest.self) { [unowned self] params, responder in
            let action = try openController().select(rowId: params.rowId)
            // A selection the host refused (cancelled) is not one to come back to.
            perform(action, responder) { [unowned self] in restoration.selected(params.rowId) }
        }
        on(WorkerActionsRequest.self) { [unowned self] params, responder in
            let actions = try openController().actions(rowIds: params.request.rowIds ?? [])
            responder.succeed(encoding: ActionsRequest.Response(screen: screenId, actions: actions))
        }
        on(WorkerPerformRequest.self) { [unowned self] params, responder in
            try openController().perform(params.request) { [unowned self] result in
                responder.reply(encoded: result.map { answer in
                    var answer = answer
                    answer.screen = screenId
                    return answer
                })
            }
        }
        on(WorkerResolvePathRequest.self) { params, responder in responder.succeed(encoding: try GitHubScreens.resolve(path: params.path)) }
        on(WorkerPingRequest.self) { _, responder in responder.succeed(encoding: EmptyResult()) }
        on(WorkerKindsRequest.self) { _, responder in responder.succeed(raw: Array(ScreenDescriptor.jsonLine(GitHubScreens.descriptors).utf8)[...]) }
    }

    private func rows(_ window: RowsRequest, _ responder: RPCResponder) throws {
        let controller = try openController()
        // The limit was range-checked as the params were decoded (`RowsRequest.decode`), as the
        // host checks it: a million-row window would overflow the pipe's message limit.
        let (offset, limit) = (window.offset ?? 0, window.limit ?? RowsRequest.defaultLimit)
        controller.rows(section: window.section, offset: offset, limit: limit, revision: window.revision) { [unowned self] result in
            switch result {
            case .success(let rows):
                // Only a window that was read is one to come back to.
                restoration.read(section: window.section, offset: offset, limit: limit)
                responder.succeed(writing: RowsRequest.Response(screen: screenId, revision: controller.revision, sections: controller.sections, rows: rows))
            case .failure(let error):
                responder.fail(rpcError(for: error))
            }
        }
    }

    private func query(_ text: String, _ responder: RPCResponder) throws {
        let controller = try openController()
        let load = controller.load(query: text) { [unowned self] result in
            switch result {
            case .success:
                restoration.queried(text)
                responder.succeed(writing: state(of: controller))
            case .failure(let error): responder.fail(rpcError(for: error))
            }
        }
        // The host forwards the client's $/cancelRequest: a query waiting out its debounce (or
        // still loading) must then never take effect.
        responder.onCancel = { load.cancel() }
    }

    private func open(_ params: WorkerOpenRequest, _ responder: RPCResponder) throws {
        guard controller == nil else { throw RPCError.invalidRequest("this worker already serves a screen") }
        let source = try takeSource()
        let controller = try GitHubScreens.makeController(
            kind: params.kind, params: params.params ?? .object([:]), source: source, loop: loop,
            debounceMilliseconds: debounceMilliseconds)
        // Any screen may open already filtered by `params.query`; a restart resumes its token's
        // query. Checked before the worker takes the screen, so a refused open leaves it free.
        let queryParam = params.params?["query"] ?? .null
        guard queryParam.isNull || queryParam.stringValue != nil else {
            throw RPCError.invalidParams("params.query must be a string, found \(queryParam.typeName)")
        }
        self.controller = controller
        screenId = params.screen
        controller.onUpdate = { [unowned self] update in self.send(update) }
        if let token = params.token {
            restoration.restore(token)
            if let revision = token.revision { controller.continueRevisions(after: revision) }
        }
        let query = params.token?.query ?? queryParam.stringValue ?? ""
        controller.load(query: query) { [unowned self] result in
            switch result {
            case .success:
                log.debug("opened \(params.kind.rawValue) screen \(params.screen)\(params.token == nil ? "" : " from its restoration token")")
                // Reading the last window again loads what it showed (the pages of a paged list).
                if let window = params.token?.window {
                    // A token may come from a client: its window is read at most as a screen/rows could.
                    let limit = min(window.limit, RowsRequest.maxLimit)
                    controller.rows(section: window.section, offset: window.offset, limit: limit, revision: nil) { _ in }
                }
                guard let first = params.rows, first > 0 else { return responder.succeed(writing: state(of: controller)) }
                // A push that wants its first rows at once: the same read as a screen/rows of them.
                let limit = min(first, RowsRequest.maxLimit)
                controller.rows(section: nil, offset: 0, limit: limit, revision: nil) { [unowned self] read in
                    var answer = state(of: controller)
                    if case .success(let rows) = read {
                        restoration.read(section: nil, offset: 0, limit: limit)
                        answer.rows = rows
                    }
                    responder.succeed(writing: answer)
                }
            case .failure(let error):
                responder.fail(rpcError(for: error))
            }
        }
    }

    private func send(_ update: ScreenUpdate) {
        restoration.revised(update.revision)
        let notification = WorkerDidUpdateNotification(
            revision: update.revision, sections: update.sections, changes: update.changes,
            reset: update.reset ? true : nil, loading: update.loading)
        connection.sendNotification(method: WorkerDidUpdateNotification.method, writing: notification)
    }

    private func openController() throws -> any ScreenController {
        guard let controller else { throw RPCError.invalidRequest("no screen is open: send worker/open first") }
        return controller
    }

    private func state(of controller: any ScreenController) -> ScreenState {
        ScreenState(screen: screenId, title: controller.title, revision: controller.revision, sections: controller.sections, loading: controller.isLoading ? true : nil)
    }

    /// Carries out a selection; pushes and pops are asked of the host, which owns the stack.
    private func perform(_ action: SelectionAction, _ responder: RPCResponder, succeeded: @escaping () -> Void) {
        switch action {
        case .push(let kind, let params):
            connection.sendRequest(method: HostPushRequest.method, writing: HostPushRequest(kind: kind, params: params), timeoutMilliseconds: nil) { result in
                switch result {
                case .success(let pushed):
                    succeeded()
                    responder.succeed(["action": .string(SelectionOutcome.push.rawValue), "pushed": pushed["screen"] ?? .null])
                case .failure(let error):
                    responder.fail(error)
                }
            }
        case .pop:
            connection.sendRequest(method: HostPopRequest.method, params: nil, timeoutMilliseconds: nil) { result in
                if case .success = result { succeeded() }
                responder.reply(result.map { _ in ["action": .string(SelectionOutcome.pop.rawValue)] })
            }
        case .openURL(let url):
            succeeded()
            responder.succeed(["action": .string(SelectionOutcome.openURL.rawValue), "url": .string(url)])
        case .none:
            succeeded()
            responder.succeed(["action": .string(SelectionOutcome.none.rawValue)])
        }
    }

    private func rpcError(for error: ScreenError) -> RPCError {
        switch error {
        case .invalidParams(let message):
            return .invalidParams(message)
        case .notFound(let message):
            return RPCError(code: RPCErrorCode.invalidParams, message: message, data: ["reason": "notFound"])
        case .dataUnavailable(let message):
            return RPCError(code: RPCErrorCode.dataUnavailable, message: message, data: nil)
        case .sourceFailed(let message, let data):
            return RPCError(code: RPCErrorCode.dataUnavailable, message: message, data: data)
        case .revisionGone(let requested, let current):
            return RPCError(code: RPCErrorCode.revisionGone, message: error.description, data: ["requested": .int(requested), "current": .int(current)])
        case .superseded, .cancelled:
            return RPCError(code: RPCErrorCode.requestCancelled, message: error.description, data: nil)
        }
    }
}
