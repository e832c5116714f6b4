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
