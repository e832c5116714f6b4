/// What a row (or a screen's own item) offers to be done with it: docs/protocol.md, section 11.
/// The screen's worker owns its actions; every client renders the same generic list.
public struct Action: Codable, Sendable, Equatable {
    /// Stable: `star`, `comment`, `open-url`. Clients and scripts name actions by it.
    public var id: String
    /// What a menu shows: `Star`, `Comment…`.
    public var title: String
    /// A one-letter hint for a key to bind it to.
    public var key: String?
    /// Changes nothing anywhere (open or copy a URL).
    public var readOnly: Bool
    /// Hard to undo: `screen/perform` asks for a confirmation first.
    public var destructive: Bool
    /// Performing it twice is the same as once.
    public var idempotent: Bool
    /// What it asks for before it runs; nil when nothing.
    public var input: [ActionField]?
    /// Listed but not performable now, and why.
    public var disabled: Disabled?

    public struct Disabled: Codable, Sendable, Equatable {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    public init(
        id: String, title: String, key: String? = nil, readOnly: Bool = false, destructive: Bool = false, idempotent: Bool = false,
        input: [ActionField]? = nil, disabled: Disabled? = nil
    ) {
        self.id = id
        self.title = title
        self.key = key
        self.readOnly = readOnly
        self.destructive = destructive
        self.idempotent = idempotent
        self.input = input
        self.disabled = disabled
    }
}

/// One value an action asks for: `{name, title, type, required?, options?, default?}`.
public struct ActionField: Codable, Sendable, Equatable {
    public enum FieldType: String, Codable, Sendable, CaseIterable {
        /// One line.
        case string
        /// Several lines: a comment's body.
        case text
        case number, boolean
        /// One of `options`.
        case `enum`
    }

    public var name: String
    public var title: String
    public var type: FieldType
    public var required: Bool?
    public var options: [String]?
    public var `default`: JSONValue?

    public init(name: String, title: String, type: FieldType, required: Bool = false, options: [String]? = nil, default: JSONValue? = nil) {
        self.name = name
        self.title = title
        self.type = type
        self.required = required ? true : nil
        self.options = options
        self.default = `default`
    }

    /// Whether `value` is one this field takes: a string for `string` and `text`, a number, a
    /// boolean, one of `options` for `enum`.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.string, .string), (.text, .string), (.boolean, .bool): return true
        case (.number, .int), (.number, .double): return true
        case (.enum, .string(let text)): return options?.contains(text) ?? false
        default: return false
        }
    }
}

/// Why an action failed, for a program: the `reason` of a `-32016` error's `data`.
public enum ActionFailureReason: String, Codable, Sendable {
    case forbidden, notFound, conflict, validation, rateLimited, gone, notAllowed
    case readOnlySource, writesDisabled, staleConfirmation, unavailable, failed
}

extension RPCError {
    /// A `screen/perform` that could not be done: `-32016` with `data` `{reason, action, input,
    /// status?, retryAfter?}` plus `extra` members. The input comes back whole, so nothing the
    /// user typed is lost.
    public static func actionFailed(
        _ message: String, reason: ActionFailureReason, action: String, input: JSONValue?, status: Int? = nil, retryAfter: Int? = nil,
        extra: [String: JSONValue] = [:]
    ) -> RPCError {
        var data: [String: JSONValue] = ["reason": .string(reason.rawValue), "action": .string(action), "input": input ?? .object([:])]
        if let status { data["status"] = .int(status) }
        if let retryAfter { data["retryAfter"] = .int(retryAfter) }
        data.merge(extra) { _, new in new }
        return RPCError(code: RPCErrorCode.actionFailed, message: message, data: .object(data))
    }

    /// A `screen/perform` of an action the rows do not offer: `-32602` with `data` `{reason:
    /// "unknownAction", action}`.
    public static func unknownAction(_ action: String, message: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidParams, message: message, data: ["reason": "unknownAction", "action": .string(action)])
    }

    /// The input an action that failed gave back (`data.input`), for the client to show or send
    /// again; nil for another error, or when no input was given.
    public var inputGivenBack: [String: JSONValue]? {
        guard code == RPCErrorCode.actionFailed, let input = data?["input"]?.objectValue, !input.isEmpty else { return nil }
        return input
    }
}
