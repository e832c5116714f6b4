/// `host/pop` (worker -> host): a selection asks the host to pop the worker's screen.
public struct HostPopRequest: RPCRequestType, Equatable {
    public static let method = "host/pop"
    public init() {}
    public typealias Response = PopRequest.Response
}
