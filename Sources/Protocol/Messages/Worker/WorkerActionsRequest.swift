/// `worker/actions` (host -> worker): `screen/actions`; navhost decodes the client's params with
/// the client's request type, so a refused one never reaches a worker, and writes them on
/// without `screen`; the worker decodes them with the same type. A worker that does not know
/// the method offers no actions.
public struct WorkerActionsRequest: WorkerRequestType, Equatable {
    public static let method = "worker/actions"
    public static let clientMethod = ActionsRequest.method
    public var request: ActionsRequest

    public init(rowIds: [String]?) { request = ActionsRequest(rowIds: rowIds) }
    public init(from decoder: any Decoder) throws { request = try ActionsRequest(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try request.encode(to: encoder) }
    public func write(to writer: inout JSONWriter) { writer.value((try? JSONValueEncoder().encode(request)) ?? .object([:])) }

    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerActionsRequest {
        WorkerActionsRequest(rowIds: try ActionsRequest.decode(params: params).rowIds)
    }

    public typealias Response = ActionsRequest.Response
}

/// `worker/perform` (host -> worker): `screen/perform`, decoded and written on as
/// `worker/actions` is.
public struct WorkerPerformRequest: WorkerRequestType, Equatable {
    public static let method = "worker/perform"
    public static let clientMethod = PerformRequest.method
    public var request: PerformRequest

    public init(_ request: PerformRequest) {
        self.request = request
        self.request.screen = nil
    }

    public init(from decoder: any Decoder) throws { request = try PerformRequest(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try request.encode(to: encoder) }
    public func write(to writer: inout JSONWriter) { writer.value((try? JSONValueEncoder().encode(request)) ?? .object([:])) }

    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerPerformRequest {
        WorkerPerformRequest(try PerformRequest.decode(params: params))
    }

    public typealias Response = PerformResult
}
