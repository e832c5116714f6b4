extension JSONParser {
    /// A single message, a batch, or any other document (which classifies as invalid).
    mutating func parsePayload(in source: [UInt8]) throws(JSONParseError) -> RPCPayload {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return .single(try parseMessage(depth: 0, in: source)) }
        try startValue()
        if try openContainer(depth: 0, closing: "]") { return .single(.invalid(id: nil, error: .invalidRequest("empty batch"))) }
        var entries: [RPCEntry] = []
        repeat {
            entries.append(try parseMessage(depth: 1, in: source))
        } while try !endOfMember(closing: "]")
        return .batch(entries)
    }

    /// One message: an object's members are read into an envelope (params as a slice of
    /// `source`); anything else is parsed and classified as the invalid message it is.
    private mutating func parseMessage(depth: Int, in source: [UInt8]) throws(JSONParseError) -> RPCEntry {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return .notAnObject(try parseValue(depth: depth)) }
        try startValue()
        var envelope = RPCEnvelope()
        if try openContainer(depth: depth, closing: "}") { return RPCEntry(classifying: envelope) }
        repeat {
            // The last of duplicate members wins, as in a parsed object.
            let key = try parseKeyName()
            if keyName(key, is: "params") {
                skipWhitespace()
                let start = index
                try skipValue(depth: depth + 1)
                envelope.params = .received(source[start..<index])
            } else if keyName(key, is: "jsonrpc") {
                envelope.jsonrpc = try parseVersion(depth: depth + 1)
            } else if keyName(key, is: "id") {
                envelope.id = try parseValue(depth: depth + 1)
            } else if keyName(key, is: "method") {
                envelope.method = try parseValue(depth: depth + 1)
            } else if keyName(key, is: "result") {
                envelope.result = try parseValue(depth: depth + 1)
            } else if keyName(key, is: "error") {
                envelope.error = try parseValue(depth: depth + 1)
            } else {
                try skipValue(depth: depth + 1)
            }
        } while try !endOfMember(closing: "}")
        return RPCEntry(classifying: envelope)
    }
}

extension JSONParser {
    private static let version: [UInt8] = Array(#""2.0""#.utf8)

    /// The `jsonrpc` member's value: `"2.0"` as every message writes it is matched as bytes
    /// (counted as the one value it is); anything else is parsed.
    private mutating func parseVersion(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let version = Self.version
        guard bytes.count - index >= version.count, (0..<version.count).allSatisfy({ bytes[index + $0] == version[$0] }) else {
            return try parseValue(depth: depth)
        }
        try startValue()
        index += version.count
        return .string("2.0")
    }
}

extension JSONParser {
    /// The last value of member `name` in the object `bytes` hold (already checked JSON).
    static func member(_ name: StaticString, ofObjectIn bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParseError) {
            guard bytes.first == UInt8(ascii: "{"), try !parser.openContainer(depth: 0, closing: "}") else { return nil }
            var found: JSONValue?
            repeat {
                if try parser.keyName(parser.parseKeyName(), is: name) {
                    found = try parser.parseValue(depth: 1)
                } else {
                    try parser.skipValue(depth: 1)
                }
            } while try !parser.endOfMember(closing: "}")
            return found
        } catch {
            return nil
        }
    }
}
