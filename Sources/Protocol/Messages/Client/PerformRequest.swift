/// `screen/perform`: performs an action on loaded rows of a screen, or without `rowIds` on the
/// screen's own item (docs/protocol.md, section 11).
public struct PerformRequest: RPCRequestType, Equatable {
    public static let method = "screen/perform"
    public var screen: String?
    public var rowIds: [String]?
    public var action: String
    /// Values by field name.
    public var input: [String: JSONValue]?
    /// The token of a confirmation (`status: "confirm"`).
    public var confirm: String?

    public init(screen: String? = nil, rowIds: [String]? = nil, action: String, input: [String: JSONValue]? = nil, confirm: String? = nil) {
        self.screen = screen
        self.rowIds = rowIds
        self.action = action
        self.input = input
        self.confirm = confirm
    }

    /// Action ids and confirmation tokens are short names; longer ones are refused before any use.
    public static let maxNameLength = 128

    public static func decode(params: JSONValue?) throws(RPCError) -> PerformRequest {
        let request = try decodeParams(PerformRequest.self, from: params)
        try checkRowIds(request.rowIds)
        for (field, text) in [("action", request.action), ("confirm", request.confirm ?? "")] where text.utf8.count > maxNameLength {
            throw RPCError.invalidParams(
                "invalid params: field '\(field)' is longer than \(maxNameLength) bytes", data: ["field": .string(field), "limit": .int(maxNameLength)])
        }
        return request
    }

    /// The input as the client sent it, for an error's `data.input`.
    public var inputValue: JSONValue { .object(input ?? [:]) }

    public typealias Response = PerformResult
}

/// What `screen/perform` answers: `done` with each target's result, `inputRequired` with the
/// fields still needed, or `confirm` with the token a second perform carries.
public struct PerformResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case done, inputRequired, confirm
    }

    public var screen: String?
    public var status: Status
    /// `done`: one per target, in order.
    public var results: [TargetResult]?
    /// `done`: the screen's revision after the change.
    public var revision: Int?
    /// `inputRequired`: the fields still needed.
    public var fields: [ActionField]?
    /// `inputRequired`: what was given.
    public var input: [String: JSONValue]?
    /// `confirm`: what to ask the user.
    public var message: String?
    /// `confirm`: the token to send back.
    public var confirm: String?
    /// `confirm`: seconds the token stays good.
    public var expiresIn: Int?

    public init(
        screen: String? = nil, status: Status, results: [TargetResult]? = nil, revision: Int? = nil, fields: [ActionField]? = nil,
        input: [String: JSONValue]? = nil, message: String? = nil, confirm: String? = nil, expiresIn: Int? = nil
    ) {
        self.screen = screen
        self.status = status
        self.results = results
        self.revision = revision
        self.fields = fields
        self.input = input
        self.message = message
        self.confirm = confirm
        self.expiresIn = expiresIn
    }

    /// One target's outcome: `done` (with `url` or `text` for the read-only actions) or `failed`
    /// with the error.
    public struct TargetResult: Codable, Sendable, Equatable {
        public var id: String
        public var status: String
        public var url: String?
        public var text: String?
        public var error: JSONValue?

        public init(id: String, status: String = "done", url: String? = nil, text: String? = nil, error: JSONValue? = nil) {
            self.id = id
            self.status = status
            self.url = url
            self.text = text
            self.error = error
        }
    }
}
