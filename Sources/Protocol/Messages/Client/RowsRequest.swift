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

/// What the host sends a worker for `screen/rows` (`worker/rows` takes the same params).
extension RowsRequest: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("limit", limit)
        writer.field("offset", offset)
        writer.field("revision", revision)
        writer.field("screen", screen)
        writer.field("section", section)
        writer.endObject()
    }
}

extension RowsRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("revision", revision)
        writer.field("rows", rows)
        writer.field("screen", screen)
        writer.field("sections", sections)
        writer.endObject()
    }
}
