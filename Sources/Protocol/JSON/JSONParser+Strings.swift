extension JSONParser {
    /// Parses a string starting at its opening quote, leaving `index` after the closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: plain ASCII without escapes is copied straight into the String.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }

        var utf8: [UInt8] = []
        utf8.reserveCapacity(index - start + 16)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw failure("unescaped control character in string")
            case 0x20..<0x80:
                utf8.append(byte)
                index += 1
            default:
                let length = try validUTF8SequenceLength()
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw failure("unterminated string")
    }

    /// What an escape stands for: one byte, or a scalar from `\u` (a surrogate pair combined).
    private enum Escaped {
        case byte(UInt8)
        case scalar(Unicode.Scalar)
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        switch try readEscape() {
        case .byte(let byte): utf8.append(byte)
        case .scalar(let scalar): UTF8.encode(scalar) { utf8.append($0) }
        }
    }

    /// Reads the escape at `index` (a backslash), leaving `index` after it.
    private mutating func readEscape() throws(JSONParseError) -> Escaped {
        guard index + 1 < bytes.count else { throw failure("unterminated string") }
        let escaped = bytes[index + 1]
        let byte: UInt8
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte = escaped
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"): return .scalar(try readUnicodeEscape())
        default: throw failure("invalid escape sequence")
        }
        index += 2
        return .byte(byte)
    }

    /// Reads `\uXXXX`, combining a high surrogate with the `\uXXXX` low surrogate that must follow it.
    private mutating func readUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let escapeStart = index
        let unit = try hexQuad(at: index + 2)
        index += 6
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: escapeStart, reason: "lone surrogate in \\u escape")
            }
            let low = try hexQuad(at: index + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(offset: escapeStart, reason: "lone surrogate in \\u escape")
            }
            index += 6
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(offset: escapeStart, reason: "lone surrogate in \\u escape")
        default:
            break
        }
        // Surrogates were excluded above, so every value reaching here is a valid scalar.
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw JSONParseError(offset: escapeStart, reason: "invalid \\u escape")
        }
        return scalar
    }

    /// `parseString` without the String, from the string's first byte that is not plain ASCII
    /// (`index`, inside the string): the same checks and errors, nothing allocated.
    mutating func skipRestOfString() throws(JSONParseError) {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                _ = try readEscape()
            case 0..<0x20:
                throw failure("unescaped control character in string")
            case 0x20..<0x80:
                index += 1
            default:
                index += try validUTF8SequenceLength()
            }
        }
        throw failure("unterminated string")
    }

    private func hexQuad(at position: Int) throws(JSONParseError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw JSONParseError(offset: position, reason: "invalid \\u escape") }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(offset: position + offset, reason: "invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a byte >= 0x80), per
    /// Unicode table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF.
    private func validUTF8SequenceLength() throws(JSONParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8")
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { throw failure("invalid UTF-8") }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw failure("invalid UTF-8")
        }
        return length
    }
}
