/// `debug/delay`: the worker holds each later answer back by `ms` milliseconds.
public struct DebugDelayRequest: RPCRequestType, Equatable {
    public static let method = "debug/delay"
    public var screen: String?
    public var ms: Int
    public init(screen: String? = nil, ms: Int) {
        self.screen = screen
        self.ms = ms
    }
    /// Ten minutes: longer than any request timeout.
    public static let maxMilliseconds = 600_000

    public static func decode(params: JSONValue?) throws(RPCError) -> DebugDelayRequest {
        let request = try decodeParams(DebugDelayRequest.self, from: params)
        try checkRange(request.ms, "ms", 0...maxMilliseconds)
        return request
    }
    public typealias Response = EmptyResult
}
