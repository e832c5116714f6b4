/// Reads the length out of an LSP-style header block (the lines before the blank line).
/// Header names are case-insensitive; headers other than Content-Length are ignored.
enum ContentLengthHeader {
    enum Outcome: Equatable {
        case length(Int)
        /// `resumeAt` is where to resynchronise from: inside a line that is not a header at all
        /// (so a `Content-Length:` line after it in the same block still counts), else nil for
        /// the end of the block.
        case malformed(String, resumeAt: Int? = nil)
    }

    /// Lines may end in `\r\n` or a bare `\n`.
    static func parse(_ block: ArraySlice<UInt8>) -> Outcome {
        var length: Int?
        for rawLine in block.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .malformed("header line without ':': '\(printable(line))'", resumeAt: line.startIndex + 1)
            }
            guard equalsIgnoringASCIICase(trimmed(line[..<colon]), "content-length") else { continue }
            let value = trimmed(line[(colon + 1)...])
            guard let parsed = decimalValue(value) else {
                return .malformed("invalid Content-Length value '\(printable(value))'")
            }
            if let length, length != parsed { return .malformed("conflicting Content-Length headers") }
            length = parsed
        }
        guard let length else { return .malformed("missing Content-Length header") }
        return .length(length)
    }

    /// Digits only, at most 18 of them so the value cannot overflow `Int`.
    private static func decimalValue(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    static func equalsIgnoringASCIICase(_ bytes: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { asciiLowercased($0) == $1 }
        }
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = String(decoding: bytes.prefix(64), as: UTF8.self)
        return bytes.count > 64 ? shown + "…" : shown
    }
}
