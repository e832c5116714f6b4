/// `screen/render`: a screen (the top one by default) as plain text, as `navhost demo` prints it.
public struct RenderRequest: RPCRequestType, Equatable {
    public static let method = "screen/render"
    public var screen: String?
    /// Columns; longer lines end in "…" (default 78, at least 20).
    public var width: Int?
    /// Rows shown (default 200); the rest is summed up as "… N more".
    public var limit: Int?

    public static let defaultWidth = 78
    public static let minimumWidth = 20
    /// Wider than any terminal; a width is a number from the client, so it is bounded.
    public static let maximumWidth = 1000

    public init(screen: String? = nil, width: Int? = nil, limit: Int? = nil) {
        self.screen = screen
        self.width = width
        self.limit = limit
    }

    public static func decode(params: JSONValue?) throws(RPCError) -> RenderRequest {
        let request = try decodeParams(RenderRequest.self, from: params)
        try checkRange(request.width, "width", minimumWidth...maximumWidth)
        try checkRange(request.limit, "limit", 0...RowsRequest.maxLimit)
        return request
    }

    public struct Response: Codable, Sendable, Equatable {
        public var screen: String
        public var text: String
        /// The 0-based line of each row's title, by row id: maps a cursor line to a row.
        public var rowLines: [String: Int]

        public init(screen: String, text: String, rowLines: [String: Int]) {
            self.screen = screen
            self.text = text
            self.rowLines = rowLines
        }
    }
}
