/// `debug/misbehave`: the worker writes garbage on its stdout: `invalidJSON` (a line that does
/// not parse) or `hugeLine` (`bytes` of unbroken output, 100 MiB by default); or floods its
/// stderr: `stderrFlood` (`bytes` of log lines, 8 MiB by default).
public struct DebugMisbehaveRequest: RPCRequestType, Equatable {
    public static let method = "debug/misbehave"
    public var screen: String?
    public var output: Output
    public var bytes: Int?

    public enum Output: String, Codable, Sendable {
        case invalidJSON, hugeLine, stderrFlood
    }

    /// At most 1 GiB of garbage (a negative count would trap in the worker's ranges).
    public static let maxBytes = 1 << 30

    public static func decode(params: JSONValue?) throws(RPCError) -> DebugMisbehaveRequest {
        let request = try decodeParams(DebugMisbehaveRequest.self, from: params)
        try checkRange(request.bytes, "bytes", 0...maxBytes)
        return request
    }

    public init(screen: String? = nil, output: Output, bytes: Int? = nil) {
        self.screen = screen
        self.output = output
        self.bytes = bytes
    }
    public typealias Response = EmptyResult
}
