import NavProtocol

/// A response whose result is passed on as the bytes it arrived as: the host routes a worker's
/// answer to the client without building a JSON tree of it and printing it again.
enum RawResult {
    private static let head = Array(#"{"id":"#.utf8)
    private static let middle = Array(#","jsonrpc":"2.0","result":"#.utf8)

    /// Finds id and result in a success response laid out as NavShell's serializer writes it
    /// (keys sorted: `{"id":N,"jsonrpc":"2.0","result":…}`); nil for any other shape, which then
    /// takes the parsing path. The result must be one well-formed object or array with no raw
    /// control character, so it cannot break the client's framing.
    static func scan(_ body: [UInt8]) -> (id: RequestID, result: ArraySlice<UInt8>)? {
        guard body.count > head.count + middle.count + 2, body.starts(with: head), body.last == UInt8(ascii: "}") else { return nil }
        var index = head.count
        var number = 0
        while index < body.count, let digit = digitValue(body[index]) {
            number = number &* 10 &+ digit
            index += 1
            if index - head.count > 15 { return nil }
        }
        guard index > head.count, body[index...].starts(with: middle) else { return nil }
        let result = body[(index + middle.count)..<(body.count - 1)]
        guard isBalancedContainer(result) else { return nil }
        return (.number(number), result)
    }

    /// The client's response around a raw result.
    static func response(id: RequestID, result: ArraySlice<UInt8>) -> [UInt8] {
        var body = head
        id.json.serialize(into: &body)
        body += middle
        body += result
        body.append(UInt8(ascii: "}"))
        return body
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// One pass, no allocation: brackets balance outside strings, nothing follows the outer
    /// container, and no byte is a raw control character.
    static func isBalancedContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var depth = 0
            var position = 0
            let count = buffer.count
            while position < count {
                let byte = buffer[position]
                position += 1
                if byte < 0x20 { return false }
                switch byte {
                case UInt8(ascii: "\""):
                    // A string: runs to the next quote not escaped; no control character inside.
                    while true {
                        guard position < count else { return false }
                        let inner = buffer[position]
                        position += 1
                        if inner < 0x20 { return false }
                        if inner == UInt8(ascii: "\"") { break }
                        if inner == UInt8(ascii: "\\") {
                            guard position < count, buffer[position] >= 0x20 else { return false }
                            position += 1
                        }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position == count }
                    if depth < 0 { return false }
                default:
                    break
                }
            }
            return false
        }
    }
}
