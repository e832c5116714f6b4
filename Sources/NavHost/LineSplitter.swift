/// Splits a byte stream into text lines, keeping memory bounded: a line longer than
/// `maxLineBytes` is cut there.
struct LineSplitter {
    private var partial: [UInt8] = []
    let maxLineBytes: Int

    init(maxLineBytes: Int = 4096) {
        self.maxLineBytes = maxLineBytes
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(takeLine())
            } else if partial.count < maxLineBytes {
                partial.append(byte)
            } else {
                lines.append(takeLine() + "…")
                partial.append(byte)
            }
        }
        return lines
    }

    /// What is left when the stream ends without a final newline.
    mutating func finish() -> String? {
        partial.isEmpty ? nil : takeLine()
    }

    private mutating func takeLine() -> String {
        if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
        let line = String(decoding: partial, as: UTF8.self)
        partial.removeAll(keepingCapacity: true)
        return line
    }
}
