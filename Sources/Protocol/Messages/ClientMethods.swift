/// The registry of navhost's client protocol: every method a client may call and every
/// notification either side sends. navhost's dispatch table (`ClientSession`) takes handlers
/// only for these, `initialize`'s `capabilities` lists them, and a test holds docs/protocol.md's
/// method table to them.
public enum ClientMethods {
    /// The requests navhost answers in every session.
    public static let requests: [any RPCRequestType.Type] = [
        InitializeRequest.self, ShutdownRequest.self,
        StackRequest.self, PushRequest.self, PopRequest.self, PopToRootRequest.self,
        RowsRequest.self, QueryRequest.self, SelectRequest.self, ActionsRequest.self, PerformRequest.self,
        WaitIdleRequest.self, RenderRequest.self, OpenRequest.self,
        ReloadRequest.self, SetStackRequest.self, ProcessesRequest.self,
    ]

    /// Fault injection for tests, answered only when navhost runs with --enable-debug-methods
    /// (otherwise -32601, as any unknown method). Each acts on a screen, the top one by default;
    /// navhost passes it to that screen's worker under the same method name.
    public static let debugRequests: [any RPCRequestType.Type] = [
        DebugCrashRequest.self, DebugHangRequest.self, DebugDelayRequest.self, DebugMisbehaveRequest.self,
    ]

    /// The notifications a client sends (besides `$/cancelRequest`, which the connection handles).
    public static let clientNotifications: [any RPCNotificationType.Type] = [ExitNotification.self]

    /// The notifications navhost sends a client, in the order `initialize` lists them.
    public static let hostNotifications: [any RPCNotificationType.Type] = [
        DidChangeNotification.self, DidUpdateNotification.self, DidCrashNotification.self, DidIdleNotification.self,
    ]

    /// The names of the methods a session answers, sorted: `capabilities.methods`.
    public static func methodNames(includingDebug: Bool) -> [String] {
        (requests + (includingDebug ? debugRequests : [])).map { $0.method }.sorted()
    }

    /// `capabilities.notifications`.
    public static var notificationNames: [String] { hostNotifications.map { $0.method } }

    /// Whether `method` is one of the registry's requests.
    public static func isRequest(_ method: String) -> Bool {
        (requests + debugRequests).contains { $0.method == method }
    }
}
