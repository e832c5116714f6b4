// Fault injection for tests: refused with -32601 unless navhost runs with
// --enable-debug-methods. Each acts on a screen, the top one by default; the host forwards it
// to that screen's worker under the same method name.

/// `debug/crash`: the worker calls abort(); the request fails with the crash.
public struct DebugCrashRequest: RPCRequestType, Equatable {
    public static let method = "debug/crash"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = EmptyResult
}

/// `debug/hang`: the worker's loop blocks for good: it answers nothing, pings included.
public struct DebugHangRequest: RPCRequestType, Equatable {
    public static let method = "debug/hang"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = EmptyResult
}

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
