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

/// `screen/reload`: restarts a screen's worker now (from its restoration token), e.g. one in
/// its failed state after too many restarts.
public struct ReloadRequest: RPCRequestType, Equatable {
    public static let method = "screen/reload"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = ScreenState
}

/// A screen as a client saves it and gives it back to `nav/setStack`.
public struct SavedScreen: Codable, Sendable, Equatable {
    public var kind: ScreenKind
    public var params: JSONValue?
    public var token: RestorationToken?
    /// The title `nav/stack` gave: what a screen restored hibernating shows until it wakes.
    public var title: String?
    public init(kind: ScreenKind, params: JSONValue? = nil, token: RestorationToken? = nil, title: String? = nil) {
        self.kind = kind
        self.params = params
        self.token = token
        self.title = title
    }
}

/// `nav/setStack`: replaces the whole stack (root first). The new screens are opened first; the
/// old ones are stopped only when all opened, so a failure leaves the stack as it was.
public struct SetStackRequest: RPCRequestType, Equatable {
    public static let method = "nav/setStack"
    public var screens: [SavedScreen]
    public init(screens: [SavedScreen]) { self.screens = screens }
    public typealias Response = StackRequest.Response

    /// Every token's numbers are range-checked before the host does arithmetic with them.
    public static func decode(params: JSONValue?) throws(RPCError) -> SetStackRequest {
        let request = try decodeParams(SetStackRequest.self, from: params)
        for (index, screen) in request.screens.enumerated() {
            try screen.token?.validate(field: "screens[\(index)].token")
        }
        return request
    }
}

/// `host/processes`: the process audit, one entry per screen on the stack.
public struct ProcessesRequest: RPCRequestType, Equatable {
    public static let method = "host/processes"
    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var host: HostProcess
        public var screens: [ScreenProcess]
        public init(host: HostProcess, screens: [ScreenProcess]) {
            self.host = host
            self.screens = screens
        }
    }
}

public struct HostProcess: Codable, Sendable, Equatable {
    public var pid: Int
    public var rssBytes: Int
    public var openFileDescriptors: Int
    public init(pid: Int, rssBytes: Int, openFileDescriptors: Int) {
        self.pid = pid
        self.rssBytes = rssBytes
        self.openFileDescriptors = openFileDescriptors
    }
}

public struct ScreenProcess: Codable, Sendable, Equatable {
    public var screen: String
    public var kind: ScreenKind
    /// `running`, or `failed` past its restart intensity.
    public var state: String
    /// Absent in the failed state.
    public var pid: Int?
    public var rssBytes: Int?
    public var uptimeSeconds: Double?
    public var restarts: Int
    public var stderrTail: [String]
    public init(screen: String, kind: ScreenKind, state: String, pid: Int?, rssBytes: Int?, uptimeSeconds: Double?, restarts: Int, stderrTail: [String]) {
        self.screen = screen
        self.kind = kind
        self.state = state
        self.pid = pid
        self.rssBytes = rssBytes
        self.uptimeSeconds = uptimeSeconds
        self.restarts = restarts
        self.stderrTail = stderrTail
    }
}
