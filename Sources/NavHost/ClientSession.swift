import Glibc
import NavProtocol
import Transport
import UVKit

/// The client's side of the protocol: lifecycle (initialize, shutdown, exit) and the dispatch
/// table from method name to handler. Screen methods are routed to workers by `ScreenRouter`.
final class ClientSession {
    private unowned let host: Host
    private var handlers: [String: (RPCRequest, RPCResponder) -> Void] = [:]
    private var state = State.uninitialized
    private let router: ScreenRouter

    enum State {
        case uninitialized, initializing, running, shutDown
    }

    static let version = "0.1.0"

    init(host: Host) {
        self.host = host
        router = ScreenRouter(host: host)
        registerHandlers()
        host.client.onRequest = { [unowned self] request, responder in self.handle(request, responder) }
        host.client.onNotification = { [unowned self] notification in self.handle(notification) }
        host.navigator.onStackChange = { [unowned self] stack, reason in
            self.notify(DidChangeNotification(stack: stack, reason: reason))
        }
        router.sendNotification = { [unowned self] method, params in
            self.host.client.sendNotification(method: method, params: params)
        }
    }

    var methods: [String] { handlers.keys.sorted() }

    private func registerHandlers() {
        on(InitializeRequest.self) { [unowned self] params, responder in self.initialize(params, responder) }
        on(ShutdownRequest.self) { [unowned self] _, responder in self.shutdown(responder) }
        on(StackRequest.self) { [unowned self] _, responder in
            responder.succeed(encoding: StackRequest.Response(stack: self.host.navigator.stack))
        }
        on(PushRequest.self) { [unowned self] params, responder in
            self.host.navigator.push(kind: params.kind, params: params.params, reason: .push) { responder.reply(encoded: $0) }
        }
        on(PopRequest.self) { [unowned self] _, responder in
            self.host.navigator.pop { responder.reply(encoded: $0) }
        }
        on(PopToRootRequest.self) { [unowned self] _, responder in
            self.host.navigator.popToRoot { responder.reply(encoded: $0) }
        }
        on(RowsRequest.self) { [unowned self] params, responder in self.router.rows(params, responder) }
        on(QueryRequest.self) { [unowned self] params, responder in self.router.query(params, responder) }
        on(SelectRequest.self) { [unowned self] params, responder in self.router.select(params, responder) }
    }

    /// Registers a typed handler: params are decoded (bad params answer -32602 naming the field).
    private func on<R: RPCRequestType>(_ type: R.Type, _ handler: @escaping (R, RPCResponder) -> Void) {
        handlers[R.method] = { request, responder in
            let params: R
            do throws(RPCError) {
                params = try decodeParams(R.self, from: request.params)
            } catch {
                return responder.fail(error)
            }
            handler(params, responder)
        }
    }

    private func handle(_ request: RPCRequest, _ responder: RPCResponder) {
        guard let handler = handlers[request.method] else {
            return responder.fail(.methodNotFound(request.method))
        }
        switch state {
        case .uninitialized where request.method != InitializeRequest.method,
            .initializing where request.method != InitializeRequest.method:
            return responder.fail(.serverNotInitialized())
        case .initializing, .running:
            if request.method == InitializeRequest.method {
                return responder.fail(.invalidRequest("initialize was already sent"))
            }
        case .shutDown:
            return responder.fail(.invalidRequest("navhost is shut down: only exit is accepted now"))
        case .uninitialized:
            break
        }
        if let error = screenKindError(request) { return responder.fail(error) }
        handler(request, responder)
    }

    private func handle(_ notification: RPCNotification) {
        switch notification.method {
        case ExitNotification.method:
            host.finish(code: state == .shutDown ? 0 : 1)
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

    private func initialize(_ params: InitializeRequest, _ responder: RPCResponder) {
        state = .initializing
        if let pid = params.processId { host.watchClientProcess(Int32(truncatingIfNeeded: pid)) }
        host.navigator.push(kind: host.configuration.rootKind, params: nil, reason: .initialize) { [unowned self] result in
            switch result {
            case .success(let pushed):
                state = .running
                responder.succeed(encoding: InitializeRequest.Response(
                    serverInfo: ServerInfo(name: "navhost", version: ClientSession.version),
                    capabilities: Capabilities(
                        screenKinds: ScreenKind.allCases, methods: methods,
                        notifications: [DidChangeNotification.method, DidUpdateNotification.method, DidExitNotification.method],
                        maxMessageBytes: host.configuration.maxMessageBytes),
                    stack: pushed.stack))
            case .failure(let error):
                state = .uninitialized
                responder.fail(RPCError(code: RPCErrorCode.internalError, message: "could not open the root screen: \(error.message)", data: error.data))
            }
        }
    }

    private func shutdown(_ responder: RPCResponder) {
        state = .shutDown
        host.navigator.stopAll { responder.succeed(.null) }
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
