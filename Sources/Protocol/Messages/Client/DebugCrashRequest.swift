/// `debug/crash`: the worker calls abort(); the request fails with the crash.
public struct DebugCrashRequest: RPCRequestType, Equatable {
    public static let method = "debug/crash"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = EmptyResult
}
