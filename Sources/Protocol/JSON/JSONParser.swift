/// A strict RFC 8259 parser over a byte buffer.
///
/// Rules beyond the RFC's grammar:
/// - Numbers written without a fraction or exponent that fit in `Int` become `.int`; every other
///   number becomes `.double` (so `1.0` stays a double and serialization round-trips exactly).
///   A number whose magnitude overflows `Double` is an error.
/// - Strings must be valid UTF-8; a lone UTF-16 surrogate in a `\u` escape is an error.
/// - Duplicate object keys are allowed: the last one wins.
/// - Containers may nest at most `maxDepth` deep, which also bounds the parser's recursion, so
///   no input can overflow the call stack.
/// - A document may hold at most `maxValues` values, which bounds the memory its tree takes
///   (a message of 16 MiB could otherwise be 8 million values, hundreds of MB as a tree).
struct JSONParser {
    static let maxDepth = 512
    static let maxValues = 250_000

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Values parsed or skipped so far, against `maxValues`.
    var valueCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        var parser = JSONParser(bytes: bytes)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describeByte(bytes[index])) after the document") }
        return value
    }

    /// Recursive descent: the depth limit bounds the recursion (512 frames of a few hundred
    /// bytes), and unlike explicit stacks it allocates nothing but the values themselves, which
    /// matters for the small messages parsed on every request.
    mutating func parseValue(depth: Int = 0) throws(JSONParseError) -> JSONValue {
        try startValue()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if try openContainer(depth: depth, closing: "}") { return .object([:]) }
            var fields: [String: JSONValue] = [:]
            // Room for a message envelope's members at once: growing from empty rehashes twice.
            fields.reserveCapacity(4)
            repeat {
                let key = try parseKey()
                // The last of duplicate keys wins.
                fields[key] = try parseValue(depth: depth + 1)
            } while try !endOfMember(closing: "}")
            return .object(fields)
        case UInt8(ascii: "["):
            if try openContainer(depth: depth, closing: "]") { return .array([]) }
            var elements: [JSONValue] = []
            repeat {
                elements.append(try parseValue(depth: depth + 1))
            } while try !endOfMember(closing: "]")
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw failure("unexpected \(describeByte(bytes[index])), expected a value")
        }
    }

    /// Counts a value against the limit and moves to its first byte.
    mutating func startValue() throws(JSONParseError) {
        valueCount += 1
        guard valueCount <= Self.maxValues else { throw failure("the document holds more than \(Self.maxValues) values") }
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
    }

    /// Steps into the container at `index`; true when it is empty (and already closed).
    mutating func openContainer(depth: Int, closing: Unicode.Scalar) throws(JSONParseError) -> Bool {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: closing) else { return false }
        index += 1
        return true
    }

    /// After a member or element: true when the container closes, false after a comma.
    mutating func endOfMember(closing: Unicode.Scalar) throws(JSONParseError) -> Bool {
        skipWhitespace()
        let next: UInt8? = index < bytes.count ? bytes[index] : nil
        switch next {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return false
        case UInt8(ascii: closing):
            index += 1
            return true
        default:
            throw failure(next == nil ? "unexpected end of input, expected ',' or '\(closing)'" : "expected ',' or '\(closing)'")
        }
    }

    /// Parses `"key"` followed by `:`, leaving `index` just after the colon.
    mutating func parseKey() throws(JSONParseError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw failure(index < bytes.count ? "expected a string key" : "unexpected end of input, expected a string key")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        return key
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length else { throw failure("invalid literal, expected '\(literal)'") }
        let matches = literal.withUTF8Buffer { expected in
            for offset in 0..<length where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw failure("invalid literal, expected '\(literal)'") }
        index += length
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }

        let integerStart = index
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let integerEnd = index

        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }

        if isInteger, let integer = integerValue(digits: integerStart..<integerEnd, negative: negative) {
            return .int(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONParseError(offset: start, reason: "number out of range")
        }
        return .double(double)
    }

    /// The digits' value as an `Int`, or nil when it does not fit. Accumulates negatively so
    /// that `Int.min` is representable.
    private func integerValue(digits: Range<Int>, negative: Bool) -> Int? {
        var value = 0
        for position in digits {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int(bytes[position] &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func failure(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
