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
        return WorkerRowsRequest(section: window.section, offset: window.offset ?? 0, limit: window.limit ?? RowsRequest.defaultLimit, revision: window.revision)
    }

    public typealias Response = RowsRequest.Response
}
