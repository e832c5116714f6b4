extension JSONParser {
    /// Checks one value exactly as `parseValue` would (the same grammar, limits, errors and
    /// offsets) without building it. A message's params are checked this way and kept as the
    /// bytes they arrived as: the host passes them on untouched and nothing is allocated for them.
    mutating func skipValue(depth: Int = 0) throws(JSONParseError) {
        try startValue()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if try openContainer(depth: depth, closing: "}") { return }
            repeat {
                try skipKey()
                try skipValue(depth: depth + 1)
            } while try !endOfMember(closing: "}")
        case UInt8(ascii: "["):
            if try openContainer(depth: depth, closing: "]") { return }
            repeat {
                try skipValue(depth: depth + 1)
            } while try !endOfMember(closing: "]")
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Integers build nothing; other numbers are converted to find the ones out of range.
            _ = try parseNumber()
        default:
            throw failure("unexpected \(describeByte(bytes[index])), expected a value")
        }
    }

    /// `parseKey` without the key.
    private mutating func skipKey() throws(JSONParseError) {
        _ = try parseKeyName()
    }

    /// Plain ASCII without escapes is only walked; any other string is checked from its first
    /// other byte by the string parser's own escape and UTF-8 readers, with no String made.
    private mutating func skipString() throws(JSONParseError) {
        guard scanPlainString() == nil else { return }
        index += 1
        try skipRestOfString()
    }

    /// At an opening quote: the range of a plain string's characters (ASCII, no escape, no
    /// control character), with `index` after its closing quote; nil, with `index` unmoved, for
    /// any other string.
    mutating func scanPlainString() -> Range<Int>? {
        var position = index + 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { index = position + 1 }
                return (index + 1)..<position
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            position += 1
        }
        return nil
    }

    /// A member's name as `parseKey` reads it, without making a String of a plain one.
    enum KeyName {
        case plain(Range<Int>)
        case other(String)
    }

    mutating func parseKeyName() throws(JSONParseError) -> KeyName {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let plain = scanPlainString() else { return .other(try parseKey()) }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        return .plain(plain)
    }

    /// The key as a String (made only now for a plain one).
    func keyText(_ name: KeyName) -> String {
        switch name {
        case .plain(let range): return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .other(let text): return text
        }
    }

    func keyName(_ name: KeyName, is expected: StaticString) -> Bool {
        switch name {
        case .other(let text):
            return text.utf8.elementsEqual(UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
        case .plain(let range):
            guard range.count == expected.utf8CodeUnitCount else { return false }
            let start = expected.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
            return true
        }
    }
}
