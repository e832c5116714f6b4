/// `worker/didChangeState` (worker -> host): the screen's restoration token changed.
public struct WorkerDidChangeStateNotification: RPCNotificationType, Equatable {
    public static let method = "worker/didChangeState"
    public var token: RestorationToken
    public init(token: RestorationToken) { self.token = token }

    /// Read by hand in the shape workers write (every push brings a few: the selecting screen's
    /// and the opened one's), any other shape by `Decodable`, which words the errors.
    public static func decode(params: JSONValue?) throws(RPCError) -> WorkerDidChangeStateNotification {
        if case .object(let fields)? = params, case .object(let token)? = fields["token"], let token = RestorationToken(fields: token) {
            return WorkerDidChangeStateNotification(token: token)
        }
        return try decodeParams(WorkerDidChangeStateNotification.self, from: params)
    }
}

extension WorkerDidChangeStateNotification: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("token", token)
        writer.endObject()
    }
}
