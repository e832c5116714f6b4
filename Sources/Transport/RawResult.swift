import Glibc
import NavProtocol

/// A response whose result is passed on as the bytes it arrived as: the host routes a worker's
/// answer to the client without building a JSON tree of it and printing it again.
enum RawResult {
    private static let head = Array(#"{"id":"#.utf8)
    private static let middle = Array(#","jsonrpc":"2.0","result":"#.utf8)

    /// Finds id and result in a success response laid out as NavShell's serializer writes it
    /// (keys sorted: `{"id":N,"jsonrpc":"2.0","result":…}`) whose id is `wanted`; nil for any
    /// other shape, which then takes the parsing path. The result is only checked to be safe to
    /// pass on: one object or array whose brackets balance outside strings, with no raw control
    /// character, so it cannot break the client's framing. Its tokens are not validated. The
    /// check runs only for a wanted id: the other answers are parsed anyway.
    static func scan(_ body: [UInt8], wanted: (RequestID) -> Bool = { _ in true }) -> (id: RequestID, result: ArraySlice<UInt8>)? {
        guard body.count > head.count + middle.count + 2, matches(body, head, at: 0), body.last == UInt8(ascii: "}") else { return nil }
        var index = head.count
        var number = 0
        while index < body.count, let digit = digitValue(body[index]) {
            number = number &* 10 &+ digit
            index += 1
            if index - head.count > 15 { return nil }
        }
        guard index > head.count, matches(body, middle, at: index), wanted(.number(number)) else { return nil }
        let result = body[(index + middle.count)..<(body.count - 1)]
        guard isBalancedContainer(result) else { return nil }
        return (.number(number), result)
    }

    /// Whether `body` holds `expected` at `offset` (memcmp: the generic `starts(with:)` walks an
    /// iterator a byte at a time).
    private static func matches(_ body: [UInt8], _ expected: [UInt8], at offset: Int) -> Bool {
        guard body.count - offset >= expected.count else { return false }
        return body.withUnsafeBytes { bodyBytes in
            expected.withUnsafeBytes { expectedBytes in
                memcmp(bodyBytes.baseAddress! + offset, expectedBytes.baseAddress!, expected.count) == 0
            }
        }
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// What each byte value means to the scan, as bits (one table look-up a byte instead of a
    /// chain of comparisons): a raw control character, a quote, a backslash, an opening
    /// bracket, a closing one. Most bytes have none, and the scan's inner loops only skip them.
    private static let control: UInt8 = 1, quote: UInt8 = 2, backslash: UInt8 = 4, opening: UInt8 = 8, closing: UInt8 = 16
    /// The bytes that end a run inside a string.
    private static let endsStringRun = control | quote | backslash

    private static let byteClasses: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: 256)
        for byte in 0..<0x20 { classes[byte] = control }
        classes[Int(UInt8(ascii: "\""))] = quote
        classes[Int(UInt8(ascii: "\\"))] = backslash
        classes[Int(UInt8(ascii: "{"))] = opening
        classes[Int(UInt8(ascii: "["))] = opening
        classes[Int(UInt8(ascii: "}"))] = closing
        classes[Int(UInt8(ascii: "]"))] = closing
        return classes
    }()

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Skips a run of plain string bytes eight at a time, while eight remain: the position of
    /// the first quote, backslash or control character among them, or of the last eight-byte
    /// word it could not take whole (the byte loop finishes from there).
    @inline(__always)
    private static func endOfStringRun(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let base = UnsafeRawPointer(buffer.baseAddress!)
        var position = start
        while position &+ 8 <= buffer.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            // Each test sets a byte's high bit where the byte is a quote, a backslash or below
            // 0x20. Bits above the first true one can be false alarms (the borrow moves up);
            // the lowest one is exact, and only it is used.
            let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
            let stops = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word) & highBits
            if stops != 0 { return position &+ stops.trailingZeroBitCount >> 3 }
            position &+= 8
        }
        return position
    }

    /// One pass, no allocation: brackets balance outside strings, nothing follows the outer
    /// container, and no byte is a raw control character. It runs on every answer the host
    /// passes on, so runs of plain bytes are skipped: inside strings (most of an answer) eight
    /// at a time, then by a loop that tests one table entry a byte.
    static func isBalancedContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return byteClasses.withUnsafeBufferPointer { classes in
            bytes.withUnsafeBufferPointer { buffer in
                let count = buffer.count
                var depth = 0
                var position = 0
                while true {
                    while position < count, classes[Int(buffer[position])] == 0 { position += 1 }
                    guard position < count else { return false }
                    let kind = classes[Int(buffer[position])]
                    position += 1
                    if kind == opening {
                        depth += 1
                    } else if kind == closing {
                        depth -= 1
                        // The first byte opened the outer container, so the depth reaches 0 here first.
                        if depth == 0 { return position == count }
                    } else if kind == quote {
                        // A string: runs to the next quote not escaped; no control character inside.
                        while true {
                            position = endOfStringRun(buffer, from: position)
                            while position < count, classes[Int(buffer[position])] & endsStringRun == 0 { position += 1 }
                            guard position < count else { return false }
                            let inner = classes[Int(buffer[position])]
                            position += 1
                            if inner == quote { break }
                            if inner == control { return false }
                            // A backslash: the escaped byte is taken as it is, unless it is a control character.
                            guard position < count, buffer[position] >= 0x20 else { return false }
                            position += 1
                        }
                    } else {
                        // A control character, or a backslash outside a string (not JSON).
                        return false
                    }
                }
            }
        }
    }
}
