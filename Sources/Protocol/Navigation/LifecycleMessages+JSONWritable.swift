// The `initialize` answer and the screen descriptors, written directly (see `JSONWriter`): they
// are written at every start (navhost's answer, `screen-worker kinds`), where `Codable`'s first
// use costs the Swift runtime more than the writing itself. Keys go in sorted order.

extension InitializeRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("capabilities", capabilities)
        writer.field("serverInfo", serverInfo)
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension ServerInfo: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("version", version)
        writer.endObject()
    }
}

extension Capabilities: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("maxMessageBytes", maxMessageBytes)
        writer.field("methods", methods)
        writer.field("notifications", notifications)
        writer.field("screenKinds", screenKinds.map(\.rawValue))
        writer.field("screens", screens)
        writer.endObject()
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

extension ParamSpec: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("description", description)
        writer.field("required", required)
        writer.field("type", type)
        writer.endObject()
    }
}

extension ScreenDescriptor {
    /// Descriptors as one line of JSON, an array: what `screen-worker kinds` and `navhost kinds
    /// --json` print.
    public static func jsonLine(_ descriptors: [ScreenDescriptor]) -> String {
        var writer = JSONWriter()
        writer.array(descriptors)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The descriptors in a JSON array, read by hand in the shape `write(to:)` writes (what
    /// navhost reads from `screen-worker kinds` at every start); nil for any other shape, which
    /// `Decodable` then reads or explains.
    public static func read(array value: JSONValue) -> [ScreenDescriptor]? {
        guard case .array(let elements) = value else { return nil }
        var descriptors: [ScreenDescriptor] = []
        descriptors.reserveCapacity(elements.count)
        for element in elements {
            guard let descriptor = ScreenDescriptor(handReading: element) else { return nil }
            descriptors.append(descriptor)
        }
        return descriptors
    }

    /// As `Decodable` reads it: unknown fields ignored, a null optional absent.
    init?(handReading value: JSONValue) {
        guard case .object(let fields) = value, case .string(let kind)? = fields["kind"],
            case .string(let description)? = fields["description"], case .object(let paramFields)? = fields["params"],
            let external = Self.optional(fields["external"], { $0.boolValue })
        else { return nil }
        var params: [String: ParamSpec] = [:]
        for (name, spec) in paramFields {
            guard let spec = ParamSpec(handReading: spec) else { return nil }
            params[name] = spec
        }
        self.init(kind: ScreenKind(kind), description: description, params: params, external: external)
    }

    /// An optional field: `.some(nil)` when absent or null, `.some(value)` when of its type,
    /// nil when of another type.
    static func optional<Value>(_ field: JSONValue?, _ read: (JSONValue) -> Value?) -> Value?? {
        guard let field, !field.isNull else { return .some(nil) }
        guard let value = read(field) else { return nil }
        return .some(value)
    }
}

extension ParamSpec {
    init?(handReading value: JSONValue) {
        guard case .object(let fields) = value, case .string(let typeName)? = fields["type"], let type = ParamType(rawValue: typeName),
            let required = ScreenDescriptor.optional(fields["required"], { $0.boolValue }),
            let description = ScreenDescriptor.optional(fields["description"], { $0.stringValue })
        else { return nil }
        self.init(type, description: description)
        self.required = required
    }
}
