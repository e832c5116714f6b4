import Glibc
import NavProtocol
import Transport
import UVKit
import WorkerLaunch

/// The client's side of the protocol: lifecycle (initialize, shutdown, exit) and the dispatch
/// table from method name to handler. Every request runs in arrival order through the request
/// queue; each component registers the methods it answers (`on`), which must be methods of the
/// registry (`ClientMethods`), the list `initialize` publishes.
final class ClientSession {
    /// Handles one request; calls `done` when the next request may run.
    typealias Handler = (RPCRequest, RPCResponder, _ done: @escaping () -> Void) -> Void

    private let client: RPCConnection
    private let log: Log
    private let configuration: HostConfiguration
    /// The kinds `initialize` publishes.
    private let catalog: ScreenCatalog
    private let queue: RequestQueue
    private let navigator: Navigator
    private let spawner: WorkerSpawner
    private var handlers: [String: Route] = [:] {
        didSet { lastHandler = nil }
    }
    private var lastHandler: (method: String, route: Route)?

    /// A handler in a box: a function stored in a dictionary directly is kept in its most
    /// general form, and every call through it converts the `done` closure (an allocation).
    private final class Route {
        let handler: Handler
        init(_ handler: @escaping Handler) { self.handler = handler }
    }
    private var state = State.uninitialized
    /// Ends navhost with an exit code (`exit`).
    var onExit: ((Int32) -> Void)?
    /// Watches the client process `initialize` named.
    var onClientProcess: ((Int32) -> Void)?

    enum State {
        case uninitialized, initializing, running, shutDown
    }

    static let version = "0.1.0"

    init(
        client: RPCConnection, log: Log, configuration: HostConfiguration, catalog: ScreenCatalog, queue: RequestQueue, navigator: Navigator,
        spawner: WorkerSpawner
    ) {
        self.catalog = catalog
        self.client = client
        self.log = log
        self.configuration = configuration
        self.queue = queue
        self.navigator = navigator
        self.spawner = spawner
        client.onRequest = { [unowned self] request, responder in self.handle(request, responder) }
        client.onNotification = { [unowned self] notification in self.handle(notification) }
    }

    /// The methods this session answers, as `initialize` publishes them.
    var methods: [String] { ClientMethods.methodNames(includingDebug: configuration.settings.enableDebugMethods) }

    /// Runs `body` once every request read so far has run.
    func afterQueuedRequests(_ body: @escaping () -> Void) {
        queue.enqueue { done in
            body()
            done()
        }
    }

    /// The lifecycle and navigation methods, and the screen methods of `screens` and `selections`.
    func register(screens: ScreenMethods, selections: Selections) {
        let navigator = navigator
        on(raw: InitializeRequest.self) { [unowned self] request, responder, done in self.initialize(request, responder, done) }
        on(ShutdownRequest.self) { [unowned self] _, responder, done in
            state = .shutDown
            navigator.stopAll {
                responder.succeed(.null)
                done()
            }
        }
        on(StackRequest.self) { _, responder, done in
            // With tokens, the answer is what nav/setStack takes to restore the stack.
            let stack = navigator.entries.map { entry in
                var screen = entry.screen
                screen.token = entry.token ?? RestorationToken()
                return screen
            }
            responder.succeed(writing: StackRequest.Response(stack: stack))
            done()
        }
        on(PushRequest.self) { params, responder, done in
            // A push the client cancelled while its worker was opening is not made.
            navigator.push(kind: params.kind, params: params.params, reason: .push, unless: { responder.isAnswered }) {
                responder.reply(encoded: $0.map(\.response))
                done()
            }
        }
        on(PopRequest.self) { _, responder, done in
            navigator.pop { responder.reply(encoded: $0) }
            done()
        }
        on(PopToRootRequest.self) { _, responder, done in
            navigator.popToRoot { responder.reply(encoded: $0) }
            done()
        }
        on(raw: RowsRequest.self, screens.rows)
        on(raw: QueryRequest.self, screens.query)
        on(SelectRequest.self, selections.select)
        on(ActionsRequest.self, screens.actions)
        on(PerformRequest.self, screens.perform)
    }

    /// Registers a typed handler: params are decoded (bad params answer -32602 naming the field).
    func on<R: RPCRequestType>(_ type: R.Type, _ handler: @escaping (R, RPCResponder, @escaping () -> Void) -> Void) {
        on(raw: type) { request, responder, done in
            let params: R
            do throws(RPCError) {
                params = try R.decode(params: request.params)
            } catch {
                responder.fail(error)
                return done()
            }
            handler(params, responder, done)
        }
    }

    /// Registers a handler that reads the request itself (the screen methods pass the params on
    /// to the worker as they arrived). A method outside the registry is a programming error.
    func on<R: RPCRequestType>(raw type: R.Type, _ handler: @escaping Handler) {
        assert(ClientMethods.isRequest(R.method), "\(R.method) is not in ClientMethods")
        handlers[R.method] = Route(handler)
    }

    private func handle(_ request: RPCRequest, _ responder: RPCResponder) {
        guard let handler = handler(for: request.method) else {
            log.debug("refused \(request.method): no such method")
            return responder.fail(.methodNotFound(request.method))
        }
        if let error = admissionError(request.method) {
            log.debug("refused \(request.method): \(error.message)")
            return responder.fail(error)
        }
        if request.method == InitializeRequest.method { state = .initializing }
        // A literal for each: the one run at once needs no closure stored on the heap.
        if !queue.runIfIdle({ [unowned self] done in run(request, responder, handler, done) }) {
            queue.enqueue { [unowned self] done in run(request, responder, handler, done) }
        }
    }

    /// The handler of `method`. A client mostly repeats one method (reads), so the last one
    /// found is kept: comparing a short name costs less than hashing it.
    private func handler(for method: String) -> Handler? {
        if let last = lastHandler, last.method == method { return last.route.handler }
        guard let route = handlers[method] else { return nil }
        lastHandler = (method, route)
        return route.handler
    }

    /// A request's turn in the queue.
    private func run(_ request: RPCRequest, _ responder: RPCResponder, _ handler: Handler, _ done: @escaping () -> Void) {
        // Cancelled while waiting, or the state changed under it (initialize failed, shutdown ran);
        // or in a batch whose answer is already full, where its own answer would be dropped.
        guard !responder.isAnswered, !responder.refuseIfBatchIsFull() else { return done() }
        if request.method != InitializeRequest.method, let error = admissionError(request.method, queued: true) {
            responder.fail(error)
            return done()
        }
        handler(request, responder, done)
    }

    /// Whether the lifecycle allows `method` now: initialize first, nothing after shutdown.
    private func admissionError(_ method: String, queued: Bool = false) -> RPCError? {
        let isInitialize = method == InitializeRequest.method
        switch state {
        case .uninitialized:
            return isInitialize ? nil : .serverNotInitialized()
        case .initializing:
            if isInitialize && !queued { return .invalidRequest("initialize was already sent") }
            return queued && !isInitialize ? .serverNotInitialized() : nil
        case .running:
            return isInitialize ? .invalidRequest("initialize was already sent") : nil
        case .shutDown:
            return .invalidRequest("navhost is shut down: only exit is accepted now")
        }
    }

    private func handle(_ notification: RPCNotification) {
        switch notification.method {
        case ExitNotification.method:
            // In order: an `exit` sent right after `shutdown` waits for the shutdown to finish.
            afterQueuedRequests { [unowned self] in onExit?(state == .shutDown ? 0 : 1) }
        default:
            log.debug("ignored notification \(notification.method)")
        }
    }

    /// Any refusal (bad params, an unknown source, a root that cannot open) leaves the session
    /// uninitialized, so the client can correct itself and send `initialize` again.
    private func initialize(_ request: RPCRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        assert(Set(handlers.keys) == Set(methods), "the handlers differ from the methods published: \(handlers.keys.sorted()) \(methods)")
        let refuse = { [unowned self] (error: RPCError) in
            state = .uninitialized
            responder.fail(error)
            done()
        }
        let params: InitializeRequest
        do throws(RPCError) {
            params = try InitializeRequest.decode(params: request.params)
        } catch {
            return refuse(error)
        }
        if let pid = params.processId, !(1...Int(Int32.max)).contains(pid) {
            return refuse(.invalidParams("invalid params: field 'processId' must be a process id between 1 and \(Int32.max)"))
        }
        var serving = configuration
        if let source = params.source {
            guard WorkerSettings.sources.contains(source.kind) else {
                return refuse(.invalidParams("invalid params: field 'source.kind' must be snapshot or github, not '\(source.kind)'"))
            }
            serving.settings.source = source.kind
            if source.kind == "github", let apiURL = source.apiURL { serving.settings.apiURL = apiURL }
            spawner.use(serving)
        }
        if let pid = params.processId { onClientProcess?(Int32(pid)) }
        navigator.push(kind: configuration.rootKind, params: configuration.rootParams, reason: .initialize) { [unowned self] result in
            switch result {
            case .success(let pushed):
                state = .running
                responder.succeed(writing: InitializeRequest.Response(
                    serverInfo: ServerInfo(name: "navhost", version: ClientSession.version),
                    capabilities: Capabilities(
                        screens: catalog.descriptors, methods: methods, notifications: ClientMethods.notificationNames,
                        maxMessageBytes: configuration.settings.maxMessageBytes,
                        actions: ActionCapabilities(writes: serving.writesAllowed)),
                    stack: pushed.response.stack))
                done()
            case .failure(let error):
                refuse(RPCError(code: RPCErrorCode.internalError, message: "could not open the root screen: \(error.message)", data: error.data))
            }
        }
    }
}
