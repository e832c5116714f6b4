/// `worker/ping` (host -> worker): answered with `{}` by a worker whose loop is alive.
public struct WorkerPingRequest: RPCRequestType, Equatable {
    public static let method = "worker/ping"
    public init() {}
    public typealias Response = EmptyResult
}

extension WorkerPingRequest: WorkerRequestType {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}
