/// The kinds of screen the host may spawn. The host checks every push against this list, so a
/// message can never name an executable or a path.
public enum ScreenKind: String, Codable, Sendable, CaseIterable {
    case users
    case repositories
    case repository
    case followers
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
