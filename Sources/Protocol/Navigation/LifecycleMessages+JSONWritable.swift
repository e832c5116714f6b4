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
