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
