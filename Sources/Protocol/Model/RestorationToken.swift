/// What a screen needs to come back as the user left it after its worker was restarted: the
/// query, the row last selected and the last window of rows read. The worker sends it to the
/// host whenever it changes (`worker/didChangeState`); the host keeps it, hands it to a
/// restarted worker in `worker/open`, and returns it from `nav/stack` for a client to save.
public struct RestorationToken: Codable, Sendable, Hashable {
    public var query: String
    /// The stable id of the row last selected, if any.
    public var selection: String?
    /// The last window read with `screen/rows`.
    public var window: Window?
    /// The screen's revision: a restarted worker numbers on from it, so revisions never go back.
    public var revision: Int?

    public struct Window: Codable, Sendable, Hashable {
        public var section: String?
        public var offset: Int
        public var limit: Int
        public init(section: String?, offset: Int, limit: Int) {
            self.section = section
            self.offset = offset
            self.limit = limit
        }
    }

    public init(query: String = "", selection: String? = nil, window: Window? = nil, revision: Int? = nil) {
        self.query = query
        self.selection = selection
        self.window = window
        self.revision = revision
    }

    /// The largest revision a token may carry: the largest integer every JSON reader keeps
    /// exactly (2^53 - 1), and far enough from `Int.max` that numbering on from it never traps.
    public static let maxRevision = (1 << 53) - 1
    /// The largest window offset a token may carry (no list is longer).
    public static let maxOffset = Int(Int32.max)

    /// Refuses a token whose numbers are out of range, or whose query is longer than a query
    /// may be; `field` names it in the error ("screens[2].token").
    public func validate(field: String) throws(RPCError) {
        try checkRange(revision, field + ".revision", 0...Self.maxRevision)
        try checkRange(window?.offset, field + ".window.offset", 0...Self.maxOffset)
        try checkRange(window?.limit, field + ".window.limit", 0...RowsRequest.maxLimit)
        if query.unicodeScalars.count > QueryRequest.maxTextLength {
            throw RPCError.invalidParams(
                "invalid params: field '\(field).query' is longer than the limit of \(QueryRequest.maxTextLength) characters",
                data: ["field": .string(field + ".query")])
        }
    }
}

extension RestorationToken: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("query", query)
        writer.field("revision", revision)
        writer.field("selection", selection)
        writer.field("window", window)
        writer.endObject()
    }
}

extension RestorationToken {
    /// A token's members taken apart by hand, unknown ones ignored as by `Decodable`; nil for a
    /// member of another type, which `Decodable` then reads or refuses.
    init?(fields: [String: JSONValue]) {
        guard case .string(let query)? = fields["query"] else { return nil }
        self.init(query: query)
        for (key, value) in fields {
            switch (key, value) {
            case ("selection", .string(let text)): selection = text
            case ("revision", .int(let number)): revision = number
            case ("window", .object(let members)):
                guard let window = Window(fields: members) else { return nil }
                self.window = window
            case ("selection", .null), ("revision", .null), ("window", .null): break
            case ("selection", _), ("revision", _), ("window", _): return nil
            default: break
            }
        }
    }
}

extension RestorationToken.Window: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("limit", limit)
        writer.field("offset", offset)
        writer.field("section", section)
        writer.endObject()
    }
}

extension RestorationToken.Window {
    init?(fields: [String: JSONValue]) {
        guard case .int(let offset)? = fields["offset"], case .int(let limit)? = fields["limit"] else { return nil }
        switch fields["section"] {
        case .string(let section)?: self.init(section: section, offset: offset, limit: limit)
        case nil, .null?: self.init(section: nil, offset: offset, limit: limit)
        default: return nil
        }
    }
}
