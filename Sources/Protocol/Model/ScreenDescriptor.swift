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

extension ScreenDescriptor: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("description", description)
        writer.field("external", external)
        writer.field("kind", kind)
        writer.key("params")
        writer.beginObject()
        for name in params.keys.sorted(by: JSONValue.keyPrecedes) {
            writer.key(named: name)
            params[name]?.write(to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }
}

extension ScreenDescriptor {
    /// Descriptors as one line of JSON, an array: what a worker answers to `worker/kinds`, and
    /// what `screen-worker kinds` and `navhost kinds --json` print.
    public static func jsonLine(_ descriptors: [ScreenDescriptor]) -> String {
        var writer = JSONWriter()
        writer.array(descriptors)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The descriptors in a JSON array (what navhost reads from its first worker's `worker/kinds`
    /// at every start): the shape `write(to:)` writes read by hand, any other by `Decodable`, which reads
    /// or refuses it as before.
    public static func read(array value: JSONValue) throws -> [ScreenDescriptor] {
        try handRead(array: value) ?? JSONValueDecoder().decode([ScreenDescriptor].self, from: value)
    }

    static func handRead(array value: JSONValue) -> [ScreenDescriptor]? {
        guard case .array(let elements) = value else { return nil }
        var descriptors: [ScreenDescriptor] = []
        descriptors.reserveCapacity(elements.count)
        for element in elements {
            guard case .object(let fields) = element, let descriptor = ScreenDescriptor(fields: fields) else { return nil }
            descriptors.append(descriptor)
        }
        return descriptors
    }

    /// Unknown members are ignored, as by `Decodable`; nil for a member of another type.
    init?(fields: [String: JSONValue]) {
        guard case .string(let kind)? = fields["kind"], case .string(let description)? = fields["description"],
            case .object(let paramFields)? = fields["params"]
        else { return nil }
        var params: [String: ParamSpec] = [:]
        for (name, value) in paramFields {
            guard case .object(let specFields) = value, let spec = ParamSpec(fields: specFields) else { return nil }
            params[name] = spec
        }
        self.init(kind: ScreenKind(kind), description: description, params: params)
        for (key, value) in fields {
            switch (key, value) {
            case ("external", .bool(let flag)): external = flag
            case ("kind", _), ("description", _), ("params", _), ("external", .null): break
            case ("external", _): return nil
            default: break
            }
        }
    }
}

extension ParamSpec: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("description", description)
        writer.field("required", required)
        writer.field("type", type)
        writer.endObject()
    }
}

extension ParamSpec {
    init?(fields: [String: JSONValue]) {
        guard case .string(let name)? = fields["type"], let type = ParamType(rawValue: name) else { return nil }
        self.init(type)
        for (key, value) in fields {
            switch (key, value) {
            case ("required", .bool(let flag)): required = flag
            case ("description", .string(let text)): description = text
            case ("type", _), ("required", .null), ("description", .null): break
            case ("required", _), ("description", _): return nil
            default: break
            }
        }
    }
}
