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
        let request = try decodeParams(WorkerOpenRequest.self, from: params)
        try request.token?.validate(field: "token")
        try checkRange(request.rows, "rows", 0...RowsRequest.maxLimit)
        return request
    }

    private init?(fields: [String: JSONValue]) {
        guard case .string(let screen)? = fields["screen"], case .string(let kindName)? = fields["kind"],
            fields["token"] ?? .null == .null
        else { return nil }
        let rows: Int?
        switch fields["rows"] {
        case nil, .null?: rows = nil
        case .int(let count)? where (0...RowsRequest.maxLimit).contains(count): rows = count
        default: return nil
        }
        // `.none`, not `nil`: JSONValue is itself expressible by the nil literal (as `.null`).
        let params = fields["params"].flatMap { $0 == .null ? JSONValue?.none : $0 }
        self.init(screen: screen, kind: ScreenKind(kindName), params: params, rows: rows)
    }

    public typealias Response = ScreenState
}

/// Written without `Codable` (every push sends one): the host's first `Codable` use of the type
/// would otherwise fall inside a session's first push.
extension WorkerOpenRequest: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("kind", kind)
        writer.field("params", params)
        writer.field("rows", rows)
        writer.field("screen", screen)
        writer.field("token", token)
        writer.endObject()
    }
}

/// A request navhost sends a screen's worker about its screen. The params write their own JSON
/// (the routing path builds no tree); the worker decodes them with `decode(params:)`.
public protocol WorkerRequestType: RPCRequestType, JSONWritable {
    /// The client's method this request serves, for the host's error messages ("did not answer
    /// screen/rows"): the client never sees the worker's method names.
    static var clientMethod: String { get }
}

extension WorkerRequestType {
    public static var clientMethod: String { method }
}

/// `worker/rows` (host -> worker): `screen/rows` without `screen`, since a worker serves one screen.
public struct WorkerRowsRequest: WorkerRequestType, Equatable {
    public static let method = "worker/rows"
    public static let clientMethod = RowsRequest.method
    public var window: RowsRequest

    public init(section: String? = nil, offset: Int, limit: Int, revision: Int? = nil) {
        window = RowsRequest(section: section, offset: offset, limit: limit, revision: revision)
    }

    public init(from decoder: any Decoder) throws { window = try RowsRequest(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try window.encode(to: encoder) }
    public func write(to writer: inout JSONWriter) { window.write(to: &writer) }

    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerRowsRequest {
        let window = try RowsRequest.decode(params: params)
        var request = WorkerRowsRequest(section: window.section, offset: window.offset ?? 0, limit: window.limit ?? RowsRequest.defaultLimit, revision: window.revision)
        request.window.screen = nil
        return request
    }

    public typealias Response = RowsRequest.Response
}

/// `worker/query` (host -> worker): `screen/query` without `screen`.
public struct WorkerQueryRequest: WorkerRequestType, Equatable {
    public static let method = "worker/query"
    public static let clientMethod = QueryRequest.method
    public var text: String
    public init(text: String) { self.text = text }

    public func write(to writer: inout JSONWriter) { writer.object(field: "text", text) }

    /// The same limit as `screen/query`: a worker refuses what the host would.
    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerQueryRequest {
        WorkerQueryRequest(text: try QueryRequest.decode(params: params).text)
    }

    public typealias Response = ScreenState
}

/// `worker/select` (host -> worker): `screen/select` without `screen` and `rows`. The answer is
/// `{action: "push", pushed}`, `{action: "pop"}`, `{action: "openURL", url}` or `{action: "none"}`.
public struct WorkerSelectRequest: WorkerRequestType, Equatable {
    public static let method = "worker/select"
    public static let clientMethod = SelectRequest.method
    public var rowId: String
    public init(rowId: String) { self.rowId = rowId }

    public func write(to writer: inout JSONWriter) { writer.object(field: "rowId", rowId) }

    /// Decoded by hand in the shape navhost writes: a worker's first `Decodable` use of a type
    /// costs a scan of the binary's conformance records (docs/performance.md, "Messages written
    /// and read without Codable"), and a root worker pays it on a session's first push.
    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerSelectRequest {
        // Unknown fields are ignored, as by the Decodable path.
        if case .object(let fields)? = params, case .string(let rowId)? = fields["rowId"] {
            return WorkerSelectRequest(rowId: rowId)
        }
        return try decodeParams(WorkerSelectRequest.self, from: params)
    }

    public typealias Response = JSONValue
}

/// `host/push` (worker -> host): a selection asks the host to push a screen. Written and read
/// without `Codable` in the shape the worker writes: on every push, and a session's first push
/// would pay both sides' first `Codable` use of it (see `WorkerSelectRequest.decode`).
public struct HostPushRequest: RPCRequestType, JSONWritable, Equatable {
    public static let method = "host/push"
    public var kind: ScreenKind
    public var params: JSONValue?

    public init(kind: ScreenKind, params: JSONValue?) {
        self.kind = kind
        self.params = params
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("kind", kind)
        writer.field("params", params)
        writer.endObject()
    }

    public static func decode(params: JSONValue?) throws(RPCError) -> HostPushRequest {
        // Unknown fields are ignored, as by the Decodable path.
        if case .object(let fields)? = params, case .string(let kind)? = fields["kind"] {
            // `.none`, not `nil`: JSONValue is itself expressible by the nil literal (as `.null`).
            return HostPushRequest(kind: ScreenKind(kind), params: fields["params"].flatMap { $0 == .null ? JSONValue?.none : $0 })
        }
        return try decodeParams(HostPushRequest.self, from: params)
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

/// `worker/kinds` (host -> worker): the kinds the worker binary serves, as descriptors in kind
/// order (`ScreenDescriptor.jsonLine`). navhost asks the first worker it starts, before it reads
/// a message (docs/architecture.md, "Registry of kinds"); any worker of the built-in binary
/// answers it at any time, with or without a screen. An external worker is never asked: its
/// kinds are in its screens.json.
public struct WorkerKindsRequest: WorkerRequestType, Equatable {
    public static let method = "worker/kinds"
    public init() {}

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }

    public typealias Response = [ScreenDescriptor]
}

/// `worker/resolvePath` (host -> worker, the root screen's): the screens a deep link (`nav/open`)
/// names. The path grammar is the app's, so the host asks the root screen's worker; a worker
/// that has no deep links answers -32601, and one that cannot read the path -32602 saying why.
public struct WorkerResolvePathRequest: WorkerRequestType, Equatable {
    public static let method = "worker/resolvePath"
    public static let clientMethod = OpenRequest.method
    public var path: String
    public init(path: String) { self.path = path }

    public func write(to writer: inout JSONWriter) { writer.object(field: "path", path) }

    public typealias Response = ResolvedPath
}

/// A deep link resolved: the kind of root screen it starts from, the query to type there (as a
/// user would have on the way), and the screens to push above the root, bottom first.
public struct ResolvedPath: Codable, Sendable, Equatable {
    public var root: ScreenKind
    public var query: String
    public var screens: [Screen]

    public struct Screen: Codable, Sendable, Equatable {
        public var kind: ScreenKind
        public var params: JSONValue
        public init(kind: ScreenKind, params: JSONValue) {
            self.kind = kind
            self.params = params
        }
    }

    public init(root: ScreenKind, query: String, screens: [Screen]) {
        self.root = root
        self.query = query
        self.screens = screens
    }
}
