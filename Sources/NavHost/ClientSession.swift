import Glibc
import NavProtocol
import Transport
import UVKit

/// The client's side of the protocol: lifecycle (initialize, shutdown, exit) and the dispatch
/// table from method name to handler. Every request runs in arrival order through the
/// navigator's queue; screen methods are routed to workers by `ScreenRouter`.
final class ClientSession {
    /// Handles one request; calls `done` when the next request may run.
    typealias Handler = (RPCRequest, RPCResponder, _ done: @escaping () -> Void) -> Void

    private unowned let host: Host
    private var handlers: [String: Handler] = [:]
    private var state = State.uninitialized
    private let router: ScreenRouter

    enum State {
        case uninitialized, initializing, running, shutDown
    }

    static let version = "0.1.0"

    init(host: Host) {
        self.host = host
        let supervisor = Supervisor(host: host, flow: FlowControl(host: host))
        host.supervisor = supervisor
        router = ScreenRouter(host: host, supervisor: supervisor)
        supervisor.notify = { [unowned self] notification in self.notify(notification) }
        registerHandlers()
        host.client.onRequest = { [unowned self] request, responder in self.handle(request, responder) }
        host.client.onNotification = { [unowned self] notification in self.handle(notification) }
        host.navigator.onStackChange = { [unowned self] stack, reason in
            self.notify(DidChangeNotification(stack: stack, reason: reason))
            supervisor.stackDidChange()
        }
        router.sendNotification = { [unowned self] method, params in
            self.host.client.sendNotification(method: method, params: params)
        }
    }

    var methods: [String] { handlers.keys.sorted() }

    private func registerHandlers() {
        let navigator = host.navigator
        on(InitializeRequest.self) { [unowned self] params, responder, done in self.initialize(params, responder, done) }
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
            responder.succeed(encoding: StackRequest.Response(stack: stack))
            done()
        }
        on(PushRequest.self) { params, responder, done in
            // A push the client cancelled while its worker was opening is not made.
            navigator.push(kind: params.kind, params: params.params, reason: .push, unless: { responder.isAnswered }) {
                responder.reply(encoded: $0)
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
        on(RowsRequest.self) { [unowned self] params, responder, done in self.router.rows(params, responder, done) }
        on(QueryRequest.self) { [unowned self] params, responder, done in self.router.query(params, responder, done) }
        on(SelectRequest.self) { [unowned self] params, responder, done in self.router.select(params, responder, done) }
        AutomationMethods.register(in: self, host: host)
        ReliabilityMethods.register(in: self, host: host, router: router)
    }

    /// Registers a typed handler: params are decoded (bad params answer -32602 naming the field).
    func on<R: RPCRequestType>(_ type: R.Type, _ handler: @escaping (R, RPCResponder, @escaping () -> Void) -> Void) {
        handlers[R.method] = { request, responder, done in
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

    private func handle(_ request: RPCRequest, _ responder: RPCResponder) {
        guard let handler = handlers[request.method] else {
            return responder.fail(.methodNotFound(request.method))
        }
        if let error = admissionError(request.method) { return responder.fail(error) }
        if request.method == InitializeRequest.method { state = .initializing }
        if let error = screenKindError(request) { return responder.fail(error) }
        host.navigator.enqueue { [unowned self] done in
            // Cancelled while waiting, or the state changed under it (initialize failed, shutdown ran).
            guard !responder.isAnswered else { return done() }
            if request.method != InitializeRequest.method, let error = admissionError(request.method, queued: true) {
                responder.fail(error)
                return done()
            }
            handler(request, responder, done)
        }
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
            host.navigator.enqueue { [unowned self] done in
                host.finish(code: state == .shutDown ? 0 : 1)
                done()
            }
        default:
            host.log.debug("ignored notification \(notification.method)")
        }
    }

    /// A clearer error than a decoding failure for the most common mistake: an unknown kind.
    private func screenKindError(_ request: RPCRequest) -> RPCError? {
        guard request.method == PushRequest.method, let kind = request.params?["kind"]?.stringValue,
            ScreenKind(rawValue: kind) == nil
        else { return nil }
        let known = ScreenKind.allCases.map(\.rawValue).joined(separator: ", ")
        return .invalidParams("unknown screen kind '\(kind)'; known kinds: \(known)")
    }

    private func initialize(_ params: InitializeRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        if let pid = params.processId { host.watchClientProcess(Int32(truncatingIfNeeded: pid)) }
        if let source = params.source {
            guard ["snapshot", "github"].contains(source.kind) else {
                responder.fail(.invalidParams("invalid params: field 'source.kind' must be snapshot or github, not '\(source.kind)'"))
                state = .uninitialized
                return done()
            }
            var configuration = host.configuration
            var live = configuration.liveSettings
            live.apiURL = source.apiURL ?? live.apiURL
            configuration.liveSource = source.kind == "github" ? live : nil
            host.spawner.use(configuration)
        }
        host.navigator.push(kind: host.configuration.rootKind, params: host.configuration.rootParams, reason: .initialize) { [unowned self] result in
            switch result {
            case .success(let pushed):
                state = .running
                responder.succeed(encoding: InitializeRequest.Response(
                    serverInfo: ServerInfo(name: "navhost", version: ClientSession.version),
                    capabilities: Capabilities(
                        screenKinds: ScreenKind.allCases, methods: methods,
                        notifications: [DidChangeNotification.method, DidUpdateNotification.method, DidCrashNotification.method, DidIdleNotification.method],
                        maxMessageBytes: host.configuration.maxMessageBytes),
                    stack: pushed.stack))
            case .failure(let error):
                state = .uninitialized
                responder.fail(RPCError(code: RPCErrorCode.internalError, message: "could not open the root screen: \(error.message)", data: error.data))
            }
            done()
        }
    }

    func notify<N: RPCNotificationType>(_ notification: N) {
        guard let params = try? JSONValueEncoder().encode(notification) else { return }
        host.client.sendNotification(method: N.method, params: params)
    }
}

extension RPCResponder {
    func reply<T: Encodable>(encoded result: Result<T, RPCError>) {
        switch result {
        case .success(let value): succeed(encoding: value)
        case .failure(let error): fail(error)
        }
    }
}
