/// `screen/didCrash` (host -> client): a screen's worker crashed, was killed, hung or sent
/// garbage. With `restarting`, a new worker is starting from the screen's restoration token and
/// a `screen/didUpdate` (with `reset`) follows; without it, the screen is in its failed state
/// until `screen/reload`. Replaces the core's `screen/didExit`.
public struct DidCrashNotification: RPCNotificationType, Equatable {
    public static let method = "screen/didCrash"
    public var screen: String
    public var kind: ScreenKind
    /// "exited with code 3", "killed by signal 9 (SIGKILL)", plus why the host killed it, if it did.
    public var status: String
    /// The worker's last lines on stderr, newest last.
    public var stderrTail: [String]
    public var restarting: Bool
    /// Restarts of this screen so far, this one included.
    public var restarts: Int

    public init(screen: String, kind: ScreenKind, status: String, stderrTail: [String], restarting: Bool, restarts: Int) {
        self.screen = screen
        self.kind = kind
        self.status = status
        self.stderrTail = stderrTail
        self.restarting = restarting
        self.restarts = restarts
    }
}
