/// A screen's kind: a name from the host's registry of screens (docs/protocol.md, "Screen
/// kinds"). An open set: the built-in screens and those a user's screens.json adds. The host
/// checks every push against its registry, so a message can never name an executable or a path.
public struct ScreenKind: RawRepresentable, Codable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }
    public init(stringLiteral name: String) { rawValue = name }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (lhs: ScreenKind, rhs: ScreenKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Why `name` cannot be a kind's name, or nil: 1 to 64 of a-z, 0-9, '-' and '_', starting
    /// with a letter, so a kind reads the same in a path, a flag and a log line.
    public static func nameError(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.utf8.count <= 64,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
        else { return "a kind's name is 1 to 64 of a-z, 0-9, '-' and '_', starting with a letter; '\(name)' is not" }
        return nil
    }
}
