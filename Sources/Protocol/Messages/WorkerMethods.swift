/// The registry of the host <-> worker protocol (docs/worker-protocol.md):
/// every method and notification each side sends. A worker's dispatch table (`ScreenSession`)
/// takes handlers only for these and must answer all of them; a test holds docs/protocol.md's
/// tables to them.
public enum WorkerMethods {
    /// The requests navhost sends a worker about its screen, and `shutdown`.
    public static let requests: [any RPCRequestType.Type] = [
        WorkerOpenRequest.self, WorkerRowsRequest.self, WorkerQueryRequest.self, WorkerSelectRequest.self,
        WorkerActionsRequest.self, WorkerPerformRequest.self,
        WorkerResolvePathRequest.self, WorkerPingRequest.self, WorkerKindsRequest.self, ShutdownRequest.self,
    ]

    /// The client's fault injection (`ClientMethods.debugRequests`), passed on under the same
    /// names; a worker answers them only when started with --enable-debug-methods.
    public static let debugRequests: [any RPCRequestType.Type] = ClientMethods.debugRequests

    /// The notifications navhost sends a worker (besides `$/cancelRequest`).
    public static let hostNotifications: [any RPCNotificationType.Type] = [ExitNotification.self]

    /// The requests a worker sends navhost: a selection's push or pop.
    public static let workerRequests: [any RPCRequestType.Type] = [HostPushRequest.self, HostPopRequest.self]

    /// The notifications a worker sends navhost.
    public static let workerNotifications: [any RPCNotificationType.Type] = [
        WorkerDidUpdateNotification.self, WorkerDidChangeStateNotification.self,
    ]

    /// Whether `method` is one of the requests a worker answers.
    public static func isRequest(_ method: String) -> Bool {
        (requests + debugRequests).contains { $0.method == method }
    }
}
