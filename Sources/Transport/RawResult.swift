import CJSONScan
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

    /// One pass, no allocation: brackets balance outside strings, nothing follows the outer
    /// container, and no byte is a raw control character. It runs on every answer the host
    /// passes on, so it takes 64 bytes at a time (`CJSONScan`): a table walk a byte at a time
    /// was an eighth of navhost's instructions per routed request.
    static func isBalancedContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return navshell_is_balanced_container(base, buffer.count)
        }
    }
}
