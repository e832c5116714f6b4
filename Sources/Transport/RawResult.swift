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

    /// What each byte value means to the scan (one table look-up a byte instead of a chain of
    /// comparisons): 0 nothing, 1 a raw control character, 2 a quote, 3 a backslash, 4 an
    /// opening bracket, 5 a closing one.
    private static let byteClasses: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: 256)
        for control in 0..<0x20 { classes[control] = 1 }
        classes[Int(UInt8(ascii: "\""))] = 2
        classes[Int(UInt8(ascii: "\\"))] = 3
        classes[Int(UInt8(ascii: "{"))] = 4
        classes[Int(UInt8(ascii: "["))] = 4
        classes[Int(UInt8(ascii: "}"))] = 5
        classes[Int(UInt8(ascii: "]"))] = 5
        return classes
    }()

    /// One pass, no allocation: brackets balance outside strings, nothing follows the outer
    /// container, and no byte is a raw control character.
    static func isBalancedContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return byteClasses.withUnsafeBufferPointer { classes in
            bytes.withUnsafeBufferPointer { buffer in
                var depth = 0
                var position = 0
                let count = buffer.count
                while position < count {
                    let kind = classes[Int(buffer[position])]
                    position += 1
                    switch kind {
                    case 0: continue
                    case 1: return false
                    case 2:
                        // A string: runs to the next quote not escaped; no control character inside.
                        while true {
                            guard position < count else { return false }
                            let inner = classes[Int(buffer[position])]
                            position += 1
                            if inner == 0 || inner >= 4 { continue }
                            if inner == 2 { break }
                            if inner == 1 { return false }
                            guard position < count, buffer[position] >= 0x20 else { return false }
                            position += 1
                        }
                    case 4:
                        depth += 1
                    case 5:
                        depth -= 1
                        if depth == 0 { return position == count }
                        if depth < 0 { return false }
                    default:
                        // A backslash outside a string is not JSON.
                        return false
                    }
                }
                return false
            }
        }
    }
}
