import NavProtocol
import Transport

/// What workers do, for every component that cares. Observers are added, never replaced, so a
/// new listener cannot silently take another's place; a worker's request goes to the one
/// handler registered for its method, and registering a method twice is a programming error.
final class WorkerEvents {
    typealias RequestHandler = (WorkerProcess, RPCRequest, RPCResponder) -> Void

    private var requestHandlers: [String: RequestHandler] = [:]
    private var notificationObservers: [(WorkerProcess, RPCNotification) -> Void] = []
    private var spawnObservers: [(WorkerProcess) -> Void] = []
    private var crashObservers: [(WorkerProcess) -> Void] = []
    private var endObservers: [(WorkerProcess) -> Void] = []

    /// `method` (host/push, host/pop) sent by any worker goes to `handler`.
    func handleRequests(_ method: String, _ handler: @escaping RequestHandler) {
        precondition(requestHandlers[method] == nil, "two handlers for the worker request \(method)")
        requestHandlers[method] = handler
    }

    /// Every notification a worker sends, in the order observers were added.
    func observeNotifications(_ observer: @escaping (WorkerProcess, RPCNotification) -> Void) {
        notificationObservers.append(observer)
    }

    /// A worker process was started (its connection exists, nothing is sent yet).
    func observeSpawns(_ observer: @escaping (WorkerProcess) -> Void) { spawnObservers.append(observer) }

    /// A worker serving a screen ended without being asked to (a crash, a kill, a reset).
    func observeCrashes(_ observer: @escaping (WorkerProcess) -> Void) { crashObservers.append(observer) }

    /// A worker's process has exited and its handles are closed, however it ended.
    func observeEnds(_ observer: @escaping (WorkerProcess) -> Void) { endObservers.append(observer) }

    // MARK: Publishing (WorkerSpawner)

    func request(from worker: WorkerProcess, _ request: RPCRequest, _ responder: RPCResponder) {
        guard let handler = requestHandlers[request.method] else { return responder.fail(.methodNotFound(request.method)) }
        handler(worker, request, responder)
    }

    func notification(from worker: WorkerProcess, _ notification: RPCNotification) {
        for observer in notificationObservers { observer(worker, notification) }
    }

    func spawned(_ worker: WorkerProcess) {
        for observer in spawnObservers { observer(worker) }
    }

    func crashed(_ worker: WorkerProcess) {
        for observer in crashObservers { observer(worker) }
    }

    func ended(_ worker: WorkerProcess) {
        for observer in endObservers { observer(worker) }
    }
}
