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
