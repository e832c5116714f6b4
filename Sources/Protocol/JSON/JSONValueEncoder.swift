/// Encodes any `Encodable` value into a `JSONValue` tree, with the same shape `JSONEncoder`
/// would produce (nil optionals encoded with `encodeIfPresent` are omitted).
///
/// Values JSON cannot hold throw `EncodingError.invalidValue`: non-finite floating-point numbers
/// and integers outside `Int`'s range.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try ValueEncoder.encode(value, codingPath: [])
    }
}

/// The mutable destination of one encoder. Containers write slots into it; nested containers and
/// super encoders write into boxes of their own that are resolved when the outer value is read.
final class EncodingBox {
    enum Slot {
        case value(JSONValue)
        case box(EncodingBox)

        var resolved: JSONValue {
            switch self {
            case .value(let value): return value
            case .box(let box): return box.resolved
            }
        }
    }

    enum Content {
        case empty
        case value(JSONValue)
        case object([String: Slot])
        case array([Slot])
    }

    var content: Content = .empty

    /// A value that asked for no container at all encodes as `{}`, as with `JSONEncoder`.
    var resolved: JSONValue {
        switch content {
        case .empty: return .object([:])
        case .value(let value): return value
        case .object(let fields): return .object(fields.mapValues(\.resolved))
        case .array(let elements): return .array(elements.map(\.resolved))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func set(_ slot: Slot, forKey key: String) {
        var fields: [String: Slot] = [:]
        if case .object(let existing) = content { fields = existing }
        content = .empty  // drop the enum's reference so the dictionary is mutated in place
        fields[key] = slot
        content = .object(fields)
    }

    func append(_ slot: Slot) {
        var elements: [Slot] = []
        if case .array(let existing) = content { elements = existing }
        content = .empty
        elements.append(slot)
        content = .array(elements)
    }

    var arrayCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

final class ValueEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(box: EncodingBox = EncodingBox(), codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
    }

    /// Encodes `value` on its own, skipping the encoder machinery for the commonest leaf types.
    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        if let string = value as? String { return .string(string) }
        if let int = value as? Int { return .int(int) }
        if let bool = value as? Bool { return .bool(bool) }
        let encoder = ValueEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.box.resolved
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(KeyedValueEncodingContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return UnkeyedValueEncodingContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncodingBoxContainer(box: box, codingPath: codingPath)
    }
}

/// Conversions of Swift numbers into JSON numbers, throwing for values JSON cannot hold.
enum JSONNumberEncoding {
    static func double(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "JSON cannot represent \(value)"))
        }
        return .double(value)
    }

    static func float(_ value: Float, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "JSON cannot represent \(value)"))
        }
        // Going through the shortest decimal form keeps 0.1 as 0.1 rather than 0.10000000149011612.
        return .double(Double(value.description) ?? Double(value))
    }

    static func integer<T: BinaryInteger>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        guard let int = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) does not fit in a JSON integer (Int)"))
        }
        return .int(int)
    }
}

struct SingleValueEncodingBoxContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    private func store(_ value: JSONValue) { box.content = .value(value) }

    mutating func encodeNil() throws { store(.null) }
    mutating func encode(_ value: Bool) throws { store(.bool(value)) }
    mutating func encode(_ value: String) throws { store(.string(value)) }
    mutating func encode(_ value: Double) throws { store(try JSONNumberEncoding.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { store(try JSONNumberEncoding.float(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { store(.int(value)) }
    mutating func encode(_ value: Int8) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int16) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int32) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int64) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt8) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt16) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt32) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt64) throws { store(try JSONNumberEncoding.integer(value, codingPath: codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        store(try ValueEncoder.encode(value, codingPath: codingPath))
    }
}
