/// `initialize`: the first request of a session. Answers who the host is and the initial stack.
public struct InitializeRequest: RPCRequestType, Equatable {
    public static let method = "initialize"
    /// The client's process id: the host exits when that process is gone.
    public var processId: Int?
    public var clientInfo: ClientInfo?
    /// Where screens read their data, overriding navhost's `--source`/`--api-url` for this session.
    public var source: DataSourceSetting?

    public struct DataSourceSetting: Codable, Sendable, Equatable {
        /// "snapshot" or "github".
        public var kind: String
        /// The API's base URL, for "github".
        public var apiURL: String?
        public init(kind: String, apiURL: String? = nil) {
            self.kind = kind
            self.apiURL = apiURL
        }
    }

    public struct ClientInfo: Codable, Sendable, Equatable {
        public var name: String
        public var version: String?
        public init(name: String, version: String? = nil) {
            self.name = name
            self.version = version
        }
    }

    public init(processId: Int? = nil, clientInfo: ClientInfo? = nil, source: DataSourceSetting? = nil) {
        self.processId = processId
        self.clientInfo = clientInfo
        self.source = source
    }

    public struct Response: Codable, Sendable, Equatable {
        public var serverInfo: ServerInfo
        public var capabilities: Capabilities
        public var stack: [Screen]

        public init(serverInfo: ServerInfo, capabilities: Capabilities, stack: [Screen]) {
            self.serverInfo = serverInfo
            self.capabilities = capabilities
            self.stack = stack
        }
    }
}

public struct ServerInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

public struct Capabilities: Codable, Sendable, Equatable {
    /// Screen kinds that `nav/push` accepts.
    public var screenKinds: [ScreenKind]
    /// Each kind's description and params schema, in kind order (`navhost kinds` prints the same).
    public var screens: [ScreenDescriptor]
    /// Methods the host answers.
    public var methods: [String]
    /// Notifications the host sends.
    public var notifications: [String]
    public var maxMessageBytes: Int
    /// What actions may do in this session (docs/protocol.md, section 11).
    public var actions: ActionCapabilities

    public init(screens: [ScreenDescriptor], methods: [String], notifications: [String], maxMessageBytes: Int, actions: ActionCapabilities) {
        self.actions = actions
        self.screenKinds = screens.map(\.kind)
        self.screens = screens
        self.methods = methods
        self.notifications = notifications
        self.maxMessageBytes = maxMessageBytes
    }
}

extension InitializeRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("capabilities", capabilities)
        writer.field("serverInfo", serverInfo)
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension ServerInfo: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("version", version)
        writer.endObject()
    }
}

extension Capabilities: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("actions", actions)
        writer.field("maxMessageBytes", maxMessageBytes)
        writer.field("methods", methods)
        writer.field("notifications", notifications)
        writer.field("screenKinds", screenKinds.map(\.rawValue))
        writer.field("screens", screens)
        writer.endObject()
    }
}

/// `capabilities.actions`: whether actions that write can be performed in this session (always
/// on the snapshot, whose writes are local; on the live source only with `--allow-writes`).
public struct ActionCapabilities: Codable, Sendable, Equatable {
    public var writes: Bool
    public init(writes: Bool) { self.writes = writes }
}

extension ActionCapabilities: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("writes", writes)
        writer.endObject()
    }
}
