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
