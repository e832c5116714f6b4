/// Decodes any `Decodable` value from a `JSONValue` tree.
///
/// Numbers convert where no information is lost: an integral `.double` decodes as an integer
/// type, an `.int` as `Double`. Failures are `DecodingError`s whose `codingPath` names the
/// offending field and whose `debugDescription` reads like "expected an integer, found a string";
/// `describeDecodingError` turns them into one-line messages.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder.decode(type, from: value, codingPath: [])
    }
}

/// A decoder over one JSON value; it is also that value's single-value container.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
        if T.self == JSONValue.self, let json = value as? T { return json }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: JSONValue].self, expected: "an object") }
        return KeyedDecodingContainer(KeyedValueDecodingContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, expected: "an array") }
        return UnkeyedValueDecodingContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A wrong-type error; null counts as a missing value, as in `JSONDecoder`.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeName)"))
    }

    private func outOfRange(_ type: Any.Type) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "number \(value.serializedString) does not fit in \(type)"))
    }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, expected: "a boolean") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, expected: "a string") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: throw mismatch(type, expected: "a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let float = Float(try decode(Double.self))
        guard float.isFinite else { throw outOfRange(type) }
        return float
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch value {
        case .int(let int):
            guard let result = T(exactly: int) else { throw outOfRange(type) }
            return result
        case .double(let double):
            guard Self.isIntegral(double) else {
                throw DecodingError.typeMismatch(
                    type, .init(codingPath: codingPath, debugDescription: "expected an integer, found \(value.serializedString)"))
            }
            guard let result = T(exactly: double) else { throw outOfRange(type) }
            return result
        default:
            throw mismatch(type, expected: "an integer")
        }
    }

    private static func isIntegral(_ double: Double) -> Bool {
        double.isFinite && double.rounded(.towardZero) == double
    }

    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Self.decode(type, from: value, codingPath: codingPath)
    }
}
