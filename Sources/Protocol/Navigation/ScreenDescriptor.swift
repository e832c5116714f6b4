/// What the host knows of a screen kind: its name, a line saying what it lists, and the params a
/// push of it takes. Built-in screens declare theirs in their own file; an external kind in
/// screens.json. `initialize`'s capabilities and `navhost kinds` publish them, and the host
/// checks every push's params against `params` before it starts a worker.
public struct ScreenDescriptor: Codable, Sendable, Equatable {
    public var kind: ScreenKind
    /// One line: what the screen lists.
    public var description: String
    /// The params a push may carry, by field name. Fields not listed are passed on unchecked.
    public var params: [String: ParamSpec]
    /// Set for a kind a screens.json file adds (its worker is the command the file names).
    public var external: Bool?

    public init(kind: ScreenKind, description: String, params: [String: ParamSpec] = [:], external: Bool? = nil) {
        self.kind = kind
        self.description = description
        self.params = params
        self.external = external
    }

    /// Why `params` do not fit the schema (naming the field, as "params.login ..."), or nil.
    /// Absent or null params are an empty object.
    public func paramsError(_ params: JSONValue?) -> String? {
        let fields: [String: JSONValue]
        switch params ?? .null {
        case .null: fields = [:]
        case .object(let object): fields = object
        case let other: return "params must be an object, found \(other.typeName)"
        }
        // In name order, so the first error named is always the same one.
        for (name, spec) in self.params.sorted(by: { $0.key < $1.key }) {
            let value = fields[name] ?? .null
            if value.isNull {
                if spec.required == true { return "params.\(name) is required (\(spec.type.article))" }
                continue
            }
            if !spec.type.accepts(value) {
                return "params.\(name) must be \(spec.type.article), found \(value.typeName)"
            }
        }
        return nil
    }
}

/// One field of a screen's params.
public struct ParamSpec: Codable, Sendable, Equatable {
    public var type: ParamType
    /// A push without this field (or with null) is refused.
    public var required: Bool?
    public var description: String?

    public init(_ type: ParamType, required: Bool = false, description: String? = nil) {
        self.type = type
        self.required = required ? true : nil
        self.description = description
    }
}

/// The types a param may have: the JSON scalars.
public enum ParamType: String, Codable, Sendable, CaseIterable {
    case string, integer, number, boolean

    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.integer, .int), (.number, .int), (.number, .double): return true
        case (.integer, .double(let number)): return number.rounded() == number
        default: return false
        }
    }

    var article: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .boolean: return "a boolean"
        }
    }
}
