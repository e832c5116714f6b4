/// `screen/actions`: the actions some loaded rows of a screen offer (those all of them offer), or
/// without `rowIds` the screen's own item's (docs/protocol.md, section 11).
public struct ActionsRequest: RPCRequestType, Equatable {
    public static let method = "screen/actions"
    public var screen: String?
    public var rowIds: [String]?

    public init(screen: String? = nil, rowIds: [String]? = nil) {
        self.screen = screen
        self.rowIds = rowIds
    }

    /// The most rows one request may name: a client's marks, not a whole list.
    public static let maxRowIds = 100

    public static func decode(params: JSONValue?) throws(RPCError) -> ActionsRequest {
        let request = try decodeParams(ActionsRequest.self, from: params)
        try checkRowIds(request.rowIds)
        return request
    }

    public struct Response: Codable, Sendable, Equatable {
        public var screen: String?
        public var actions: [Action]
        public init(screen: String?, actions: [Action]) {
            self.screen = screen
            self.actions = actions
        }
    }
}

/// Refuses more than `ActionsRequest.maxRowIds` row ids, in the words of a range check.
func checkRowIds(_ rowIds: [String]?) throws(RPCError) {
    guard let rowIds, rowIds.count > ActionsRequest.maxRowIds else { return }
    throw RPCError.invalidParams(
        "invalid params: field 'rowIds' names \(rowIds.count) rows; at most \(ActionsRequest.maxRowIds) are taken at once",
        data: ["field": "rowIds", "limit": .int(ActionsRequest.maxRowIds)])
}
