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

/// A JSON object read with one member left as the bytes it was written in: for a member the
/// reader only passes on (the first rows of a pushed screen, which navhost hands to the client).
public struct ObjectWithKeptMember {
    /// Every member but the kept one, parsed.
    public var fields: [String: JSONValue]
    /// The kept member's value, exactly as written; nil when the object has no such member.
    public var kept: ArraySlice<UInt8>?
}

extension JSONValue {
    /// Parses the object `bytes` hold, all but member `name` (its last occurrence, as in a parsed
    /// object), which is checked as `init(parsing:)` would check it but not built. Nil unless
    /// `bytes` are one valid JSON object.
    public static func parseObject(_ bytes: ArraySlice<UInt8>, keeping name: StaticString) -> ObjectWithKeptMember? {
        bytes.withUnsafeBufferPointer { buffer -> ObjectWithKeptMember? in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) {
                guard let (fields, kept) = try parser.parseObject(keeping: name) else { return nil }
                parser.skipWhitespace()
                guard parser.index == buffer.count else { return nil }
                let start = bytes.startIndex
                return ObjectWithKeptMember(fields: fields, kept: kept.map { bytes[(start + $0.lowerBound)..<(start + $0.upperBound)] })
            } catch {
                return nil
            }
        }
    }
}

extension JSONParser {
    /// An object's members, but `name`'s value only skipped (checked) and its range returned;
    /// nil when the value at `index` is not an object.
    mutating func parseObject(keeping name: StaticString) throws(JSONParseError) -> ([String: JSONValue], Range<Int>?)? {
        try startValue()
        guard bytes[index] == UInt8(ascii: "{") else { return nil }
        var fields: [String: JSONValue] = [:]
        var kept: Range<Int>?
        if try openContainer(depth: 0, closing: "}") { return (fields, nil) }
        repeat {
            let key = try parseKeyName()
            if keyName(key, is: name) {
                skipWhitespace()
                let start = index
                try skipValue(depth: 1)
                kept = start..<index
            } else {
                fields[keyText(key)] = try parseValue(depth: 1)
            }
        } while try !endOfMember(closing: "}")
        return (fields, kept)
    }
}
