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
