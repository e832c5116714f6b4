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

public enum SelectionOutcome: String, Codable, Sendable, CaseIterable {
    case push, pop, openURL, none
}

/// A selection's answer: a push carries the stack, and with `rows` the pushed screen's first rows.
extension SelectRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("action", action)
        writer.field("pushed", pushed)
        writer.field("pushedRows", pushedRows)
        writer.field("screen", screen)
        if let stack { writer.field("stack", stack) }
        writer.field("url", url)
        writer.endObject()
    }
}
