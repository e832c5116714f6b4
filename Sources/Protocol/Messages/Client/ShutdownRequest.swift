/// `shutdown`: ends every screen; the host then waits for `exit`.
public struct ShutdownRequest: RPCRequestType, Equatable {
    public static let method = "shutdown"
    public typealias Response = JSONValue
    public init() {}
}
