extension JSONValue {
    /// Indented JSON with sorted keys, for files people read and diff (snapshots). The same
    /// value always prints the same text; it ends without a newline.
    public func prettyPrinted(indent: String = "  ") -> String {
        var buffer: [UInt8] = []
        prettyPrint(into: &buffer, depth: 0, indent: Array(indent.utf8))
        return String(decoding: buffer, as: UTF8.self)
    }

    private func prettyPrint(into buffer: inout [UInt8], depth: Int, indent: [UInt8]) {
        func newline(_ level: Int) {
            buffer.append(UInt8(ascii: "\n"))
            for _ in 0..<level { buffer.append(contentsOf: indent) }
        }
        switch self {
        case .array(let elements) where !elements.isEmpty:
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                element.prettyPrint(into: &buffer, depth: depth + 1, indent: indent)
            }
            newline(depth)
            buffer.append(UInt8(ascii: "]"))
        case .object(let fields) where !fields.isEmpty:
            buffer.append(UInt8(ascii: "{"))
            let sortedFields = fields.sorted { JSONValue.keyPrecedes($0.key, $1.key) }
            for (position, field) in sortedFields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                Self.serializeString(field.key, into: &buffer)
                buffer.append(contentsOf: ": ".utf8)
                field.value.prettyPrint(into: &buffer, depth: depth + 1, indent: indent)
            }
            newline(depth)
            buffer.append(UInt8(ascii: "}"))
        default:
            serialize(into: &buffer)
        }
    }
}
