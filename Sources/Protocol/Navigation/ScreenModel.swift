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

/// A screen on the navigation stack, as the client sees it.
public struct Screen: Codable, Sendable, Hashable {
    public var id: String
    public var kind: ScreenKind
    public var title: String
    public var params: JSONValue
    /// Only in `nav/stack`: what the screen needs to be restored (see `nav/setStack`).
    public var token: RestorationToken?

    public init(id: String, kind: ScreenKind, title: String, params: JSONValue, token: RestorationToken? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.params = params
        self.token = token
    }
}

/// A section of a screen's list: its rows are read with `screen/rows`.
public struct SectionInfo: Codable, Sendable, Hashable {
    public var id: String
    public var header: String?
    public var footer: String?
    /// Rows readable now. With `hasMore`, more will load as the client reads near the end.
    public var count: Int
    /// More rows exist beyond `count` (a paged list not read to its end).
    public var hasMore: Bool?
    /// `loading` while the section's first rows are on their way, `failed` when loading failed
    /// (then `error` says why); absent when loaded.
    public var state: SectionState?
    public var error: String?
    /// The rows are saved data shown because the source could not be reached; the footer says why.
    public var stale: Bool?

    public init(
        id: String, header: String? = nil, footer: String? = nil, count: Int, hasMore: Bool? = nil,
        state: SectionState? = nil, error: String? = nil, stale: Bool? = nil
    ) {
        self.id = id
        self.header = header
        self.footer = footer
        self.count = count
        self.hasMore = hasMore
        self.state = state
        self.error = error
        self.stale = stale
    }
}

public enum SectionState: String, Codable, Sendable, Hashable {
    case loading, failed
}

/// One row of a list. `id` is stable for the same item across loads, so a client can keep
/// selection and scroll position; `section` names the section the row belongs to.
public struct Row: Codable, Sendable, Hashable {
    public var id: String
    public var kind: String
    public var title: String
    public var subtitle: String?
    public var detail: String?
    public var accessory: Accessory?
    public var section: String?
    /// The typed values behind the display strings, as a JSON object (a count as a number, a
    /// URL as a string), so a script never parses "3,238" or "★ 3.2k". Its keys depend on the
    /// row's kind (docs/protocol.md, section 11); absent for rows that show no data.
    public var values: JSONValue?

    public init(
        id: String, kind: String, title: String, subtitle: String? = nil, detail: String? = nil,
        accessory: Accessory? = nil, section: String? = nil, values: JSONValue? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.accessory = accessory
        self.section = section
        self.values = values
    }
}

/// What a row shows at its trailing edge, as in a table view cell.
public enum Accessory: String, Codable, Sendable, Hashable {
    /// Selecting the row pushes a screen.
    case disclosure
    /// Selecting the row yields a URL for the client to open.
    case link
}
