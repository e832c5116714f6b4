/// `screen/rows`: a window of a screen's rows (`screen` defaults to the top screen).
public struct RowsRequest: RPCRequestType, Equatable {
    public static let method = "screen/rows"
    public var screen: String?
    public var section: String?
    public var offset: Int?
    public var limit: Int?
    /// The revision the client's view is of: rows of another revision are refused.
    public var revision: Int?

    public init(screen: String? = nil, section: String? = nil, offset: Int? = nil, limit: Int? = nil, revision: Int? = nil) {
        self.screen = screen
        self.section = section
        self.offset = offset
        self.limit = limit
        self.revision = revision
    }

    public static let defaultLimit = 50
    public static let maxLimit = 1000

    /// The read every client repeats: its usual shape is taken apart by hand, which costs a
    /// fraction of the `Decodable` path; any other shape takes that path, which words the errors.
    /// The numbers are range-checked here. navhost passes the client's params on as they
    /// arrived, so this is where a worker refuses them.
    public static func decode(params: JSONValue?) throws(RPCError) -> RowsRequest {
        var usual: RowsRequest?
        switch params {
        case nil: return RowsRequest()
        case .object(let fields)?: usual = RowsRequest(fields: fields)
        default: break
        }
        let request: RowsRequest
        if let usual { request = usual } else { request = try decodeParams(RowsRequest.self, from: params) }
        try checkRange(request.offset, "offset", 0...RestorationToken.maxOffset)
        try checkRange(request.limit, "limit", 0...maxLimit)
        try checkRange(request.revision, "revision", 0...RestorationToken.maxRevision)
        return request
    }

    private init?(fields: [String: JSONValue]) {
        for (key, value) in fields {
            switch (key, value) {
            case ("screen", .string(let text)): screen = text
            case ("section", .string(let text)): section = text
            case ("offset", .int(let number)): offset = number
            case ("limit", .int(let number)): limit = number
            case ("revision", .int(let number)): revision = number
            case ("screen", .null), ("section", .null), ("offset", .null), ("limit", .null), ("revision", .null): break
            case ("screen", _), ("section", _), ("offset", _), ("limit", _), ("revision", _): return nil
            default: break  // Unknown fields are ignored, as by the Decodable path.
            }
        }
    }

    public struct Response: Codable, Sendable, Equatable {
        public var screen: String?
        public var revision: Int
        public var sections: [SectionInfo]
        public var rows: [Row]

        public init(screen: String?, revision: Int, sections: [SectionInfo], rows: [Row]) {
            self.screen = screen
            self.revision = revision
            self.sections = sections
            self.rows = rows
        }
    }
}

/// `screen/query`: sets a screen's query text (search as the user types) and reloads it.
public struct QueryRequest: RPCRequestType, Equatable {
    public static let method = "screen/query"
    public var screen: String?
    public var text: String

    public init(screen: String? = nil, text: String) {
        self.screen = screen
        self.text = text
    }

    /// The longest query, in Unicode code points: GitHub's own search caps a query at 256
    /// characters, and a screen's answers repeat the query, so it must stay far from the
    /// message limit.
    public static let maxTextLength = 256

    public static func decode(params: JSONValue?) throws(RPCError) -> QueryRequest {
        let request = try decodeParams(QueryRequest.self, from: params)
        // Counting stops at the limit: a 16 MiB text is refused without walking all of it.
        var length = 0
        for _ in request.text.unicodeScalars {
            length += 1
            if length > maxTextLength {
                throw RPCError.invalidParams(
                    "invalid params: field 'text' is longer than the limit of \(maxTextLength) characters",
                    data: ["field": "text", "limit": .int(maxTextLength)])
            }
        }
        return request
    }

    public typealias Response = ScreenState
}

/// A screen's list shape at a revision: the answer to `screen/query` and `worker/open`.
public struct ScreenState: Codable, Sendable, Equatable {
    public var screen: String?
    public var title: String?
    public var revision: Int
    public var sections: [SectionInfo]
    /// Data is still loading (a query, the next page).
    public var loading: Bool?
    /// Only in a `worker/open` answer that was asked for them (`rows`): the first rows.
    public var rows: [Row]?

    public init(screen: String? = nil, title: String? = nil, revision: Int, sections: [SectionInfo], loading: Bool? = nil, rows: [Row]? = nil) {
        self.screen = screen
        self.title = title
        self.revision = revision
        self.sections = sections
        self.loading = loading
        self.rows = rows
    }
}

/// `screen/select`: selects a row by its stable id; the screen decides what that does.
public struct SelectRequest: RPCRequestType, Equatable {
    public static let method = "screen/select"
    public var screen: String?
    public var rowId: String
    /// When the selection pushes a screen, the answer's `pushedRows` holds that screen's first
    /// `rows` rows (as `screen/rows {"limit": rows}` would answer): no second round trip to show it.
    public var rows: Int?

    public init(screen: String? = nil, rowId: String, rows: Int? = nil) {
        self.screen = screen
        self.rowId = rowId
        self.rows = rows
    }

    /// The common shapes decoded by hand (`WorkerSelectRequest.decode` says why); any other
    /// takes the `Decodable` path, which words the errors.
    public static func decode(params: JSONValue?) throws(RPCError) -> SelectRequest {
        if case .object(let fields)? = params, let request = SelectRequest(fields: fields) { return request }
        let request = try decodeParams(SelectRequest.self, from: params)
        try checkRange(request.rows, "rows", 0...RowsRequest.maxLimit)
        return request
    }

    private init?(fields: [String: JSONValue]) {
        guard case .string(let rowId)? = fields["rowId"] else { return nil }
        self.init(rowId: rowId)
        for (key, value) in fields {
            switch (key, value) {
            case ("screen", .string(let text)): screen = text
            case ("rows", .int(let count)) where (0...RowsRequest.maxLimit).contains(count): rows = count
            case ("rowId", _), ("screen", .null), ("rows", .null): break
            case ("screen", _), ("rows", _): return nil
            default: break  // Unknown fields are ignored, as by the Decodable path.
            }
        }
    }

    public struct Response: Codable, Sendable, Equatable {
        /// The screen the row was selected on.
        public var screen: String?
        public var action: SelectionOutcome
        /// The screen pushed, for `push`.
        public var pushed: Screen?
        /// The URL to open, for `openURL`.
        public var url: String?
        /// The stack after the selection.
        public var stack: [Screen]?
        /// The pushed screen's first rows, when the request asked for them with `rows`.
        public var pushedRows: RowsRequest.Response?

        public init(
            screen: String? = nil, action: SelectionOutcome, pushed: Screen? = nil, url: String? = nil, stack: [Screen]? = nil,
            pushedRows: RowsRequest.Response? = nil
        ) {
            self.screen = screen
            self.action = action
            self.pushed = pushed
            self.url = url
            self.stack = stack
            self.pushedRows = pushedRows
        }
    }
}

public enum SelectionOutcome: String, Codable, Sendable {
    case push, pop, openURL, none
}

/// `screen/didUpdate` (host -> client): a screen's data changed (a new revision, with what
/// changed by row id) or it started or stopped loading (same revision, `loading` flips).
public struct DidUpdateNotification: RPCNotificationType, Equatable {
    public static let method = "screen/didUpdate"
    public var screen: String
    public var revision: Int
    public var sections: [SectionInfo]
    /// What changed since the previous revision; absent when `reset` or the revision is unchanged.
    public var changes: RowChanges?
    /// The rows were replaced wholesale (too many to diff): read the visible window again.
    public var reset: Bool?
    public var loading: Bool?

    public init(screen: String, revision: Int, sections: [SectionInfo], changes: RowChanges? = nil, reset: Bool? = nil, loading: Bool? = nil) {
        self.screen = screen
        self.revision = revision
        self.sections = sections
        self.changes = changes
        self.reset = reset
        self.loading = loading
    }
}

/// Row-level changes between two revisions, by stable row id, like a diffable data source's
/// snapshot difference. Indexes are positions in the whole list (all sections in order):
/// `removed` and `moved.from` in the old revision, `inserted` and `moved.to` in the new one.
public struct RowChanges: Codable, Sendable, Equatable {
    public var inserted: [RowPosition]
    public var removed: [RowPosition]
    public var moved: [RowMove]
    /// Rows whose id stayed but whose content changed.
    public var reconfigured: [String]

    public init(inserted: [RowPosition] = [], removed: [RowPosition] = [], moved: [RowMove] = [], reconfigured: [String] = []) {
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
        self.reconfigured = reconfigured
    }

    public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && moved.isEmpty && reconfigured.isEmpty }
}

public struct RowPosition: Codable, Sendable, Equatable {
    public var id: String
    public var index: Int
    public init(id: String, index: Int) {
        self.id = id
        self.index = index
    }
}

public struct RowMove: Codable, Sendable, Equatable {
    public var id: String
    public var from: Int
    public var to: Int
    public init(id: String, from: Int, to: Int) {
        self.id = id
        self.from = from
        self.to = to
    }
}
