/// `debug/hang`: the worker's loop blocks for good: it answers nothing, pings included.
public struct DebugHangRequest: RPCRequestType, Equatable {
    public static let method = "debug/hang"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = EmptyResult
}
