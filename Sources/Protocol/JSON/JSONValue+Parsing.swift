extension JSONValue {
    /// Parses one JSON document (RFC 8259, strict). See `JSONParser` for the exact rules.
    public init(parsing bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        let result = bytes.withMemoryRebound(to: UInt8.self) { JSONParser.parse($0) }
        self = try result.get()
    }

    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        let result = bytes.withUnsafeBufferPointer { JSONParser.parse($0) }
        self = try result.get()
    }

    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { JSONParser.parse($0) }
        self = try result.get()
    }
}
