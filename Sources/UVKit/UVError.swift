import CUV

/// A libuv error code with libuv's own name and message.
public struct UVError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) {
        self.code = code
    }

    public var name: String { String(cString: uv_err_name(code)) }

    public var description: String { "\(name): \(String(cString: uv_strerror(code)))" }

    public static let endOfFile = UVError(Int32(UV_EOF.rawValue))
    public static let cancelled = UVError(Int32(UV_ECANCELED.rawValue))
    public static let wouldBlock = UVError(Int32(UV_EAGAIN.rawValue))
}

/// Throws when a libuv call returned a negative status.
@discardableResult
func uvCheck(_ status: Int32) throws(UVError) -> Int32 {
    if status < 0 { throw UVError(status) }
    return status
}
