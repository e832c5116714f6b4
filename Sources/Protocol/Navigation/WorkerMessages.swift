// Messages between navhost and a screen-worker over the worker's stdin/stdout.

/// `worker/open` (host -> worker): the first request; loads the screen.
public struct WorkerOpenRequest: RPCRequestType, Equatable {
    public static let method = "worker/open"
    public var screen: String
    public var kind: ScreenKind
    public var params: JSONValue?
    /// Restores a screen whose worker was restarted (or saved by a client): start from it.
    public var token: RestorationToken?
    /// The answer carries the screen's first `rows` rows (a push whose client asked for them).
    public var rows: Int?

    public init(screen: String, kind: ScreenKind, params: JSONValue?, token: RestorationToken? = nil, rows: Int? = nil) {
        self.screen = screen
        self.kind = kind
        self.params = params
        self.token = token
        self.rows = rows
    }

    /// Decoded by hand when it has no token (every push): a spare's first `Decodable` use of this
    /// type instantiates its metadata, a third of a millisecond inside the push. A token, and any
    /// other shape, takes the `Decodable` path, which words the errors.
    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerOpenRequest {
        if case .object(let fields)? = params, let request = WorkerOpenRequest(fields: fields) { return request }
        return try decodeParams(WorkerOpenRequest.self, from: params)
    }

    private init?(fields: [String: JSONValue]) {
        guard case .string(let screen)? = fields["screen"], case .string(let kindName)? = fields["kind"],
            let kind = ScreenKind(rawValue: kindName), fields["token"] ?? .null == .null
        else { return nil }
        let rows: Int?
        switch fields["rows"] {
        case nil, .null?: rows = nil
        case .int(let count)?: rows = count
        default: return nil
        }
        // `.none`, not `nil`: JSONValue is itself expressible by the nil literal (as `.null`).
        let params = fields["params"].flatMap { $0 == .null ? JSONValue?.none : $0 }
        self.init(screen: screen, kind: kind, params: params, rows: rows)
    }

    public typealias Response = ScreenState
}

/// `worker/rows`, `worker/query`, `worker/select` (host -> worker) carry the client's params
/// minus `screen`: the worker serves one screen.
public enum WorkerMethod {
    public static let rows = "worker/rows"
    public static let query = "worker/query"
    public static let select = "worker/select"
}

/// `host/push` (worker -> host): a selection asks the host to push a screen.
public struct HostPushRequest: RPCRequestType, Equatable {
    public static let method = "host/push"
    public var kind: ScreenKind
    public var params: JSONValue?

    public init(kind: ScreenKind, params: JSONValue?) {
        self.kind = kind
        self.params = params
    }

    public typealias Response = PushRequest.Response
}

/// `host/pop` (worker -> host): a selection asks the host to pop the worker's screen.
public struct HostPopRequest: RPCRequestType, Equatable {
    public static let method = "host/pop"
    public init() {}
    public typealias Response = PopRequest.Response
}

/// `worker/didUpdate` (worker -> host): the screen's revision moved; the host forwards it
/// to the client as `screen/didUpdate` with the screen's id.
public struct WorkerDidUpdateNotification: RPCNotificationType, Equatable {
    public static let method = "worker/didUpdate"
    public var revision: Int
    public var sections: [SectionInfo]
    public var changes: RowChanges?
    public var reset: Bool?
    public var loading: Bool?

    public init(revision: Int, sections: [SectionInfo], changes: RowChanges? = nil, reset: Bool? = nil, loading: Bool? = nil) {
        self.revision = revision
        self.sections = sections
        self.changes = changes
        self.reset = reset
        self.loading = loading
    }
}
