/// Why a byte sequence is not a JSON document, and where the parser noticed.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset into the input at which parsing failed.
    public let offset: Int
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
