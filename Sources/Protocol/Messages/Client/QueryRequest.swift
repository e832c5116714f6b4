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
