extension JSONValue {
    /// Compact JSON: no whitespace, object keys sorted by their UTF-8 bytes, non-ASCII written as
    /// raw UTF-8. Output never contains a raw newline, so it is safe to use as one NDJSON line.
    /// Doubles print as Swift's shortest round-trip `description` (`1.0`, `1e+20`); NaN and
    /// infinities, which JSON cannot express, print as `null`.
    public func serialized() -> [UInt8] {
        var buffer: [UInt8] = []
        serialize(into: &buffer)
        return buffer
    }

    public var serializedString: String { String(decoding: serialized(), as: UTF8.self) }

    /// Appends the compact serialization to `buffer`.
    public func serialize(into buffer: inout [UInt8]) {
        switch self {
        case .null:
            buffer.append(contentsOf: "null".utf8)
        case .bool(let value):
            buffer.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
            Self.serializeInt(value, into: &buffer)
        case .double(let value):
            if value.isFinite {
                buffer.append(contentsOf: value.description.utf8)
            } else {
                buffer.append(contentsOf: "null".utf8)
            }
        case .string(let value):
            Self.serializeString(value, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                element.serialize(into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let fields):
            buffer.append(UInt8(ascii: "{"))
            let sortedFields = fields.sorted { Self.keyPrecedes($0.key, $1.key) }
            for (position, field) in sortedFields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                Self.serializeString(field.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                field.value.serialize(into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Object keys in UTF-8 byte order. Most keys differ in their first byte, which decides at
    /// once; `utf8.lexicographicallyPrecedes` alone walks both keys through iterators, and was
    /// most of the cost of printing a row's `values` (a worker writes 50 of them per page).
    static func keyPrecedes(_ left: String, _ right: String) -> Bool {
        if let first = left.utf8.first, let other = right.utf8.first, first != other { return first < other }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    static func serializeInt(_ value: Int, into buffer: inout [UInt8]) {
        if value >= 0 && value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits backwards into a fixed scratch: no String is made for a number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = 20
            var rest = value.magnitude
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 { buffer.append(UInt8(ascii: "-")) }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position..<20]))
        }
    }

    static func serializeString(_ string: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { utf8 in
            // Most text needs no escape: copy it in one go, and escape byte by byte only otherwise.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                buffer.append(contentsOf: utf8)
            } else {
                appendEscaped(utf8, into: &buffer)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout [UInt8]) {
        func appendEscape(_ letter: UInt8) {
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(letter)
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendEscape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): appendEscape(UInt8(ascii: "\\"))
            case 0x0A: appendEscape(UInt8(ascii: "n"))
            case 0x0D: appendEscape(UInt8(ascii: "r"))
            case 0x09: appendEscape(UInt8(ascii: "t"))
            case 0x08: appendEscape(UInt8(ascii: "b"))
            case 0x0C: appendEscape(UInt8(ascii: "f"))
            case 0..<0x20:
                let hexDigits: StaticString = "0123456789abcdef"
                buffer.append(contentsOf: "\\u00".utf8)
                hexDigits.withUTF8Buffer { digits in
                    buffer.append(digits[Int(byte >> 4)])
                    buffer.append(digits[Int(byte & 0x0F)])
                }
            default:
                buffer.append(byte)
            }
        }
    }
}
