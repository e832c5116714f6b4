struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func decoder(for key: Key) throws -> ValueDecoder {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing field '\(key.stringValue)'"))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: fields[JSONCodingKey.superKey.stringValue] ?? .null, codingPath: codingPath + [JSONCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Decodes the current element and advances past it only on success, as `JSONDecoder` does.
    private mutating func decodeNext<T>(_ type: T.Type, _ body: (ValueDecoder) throws -> T) throws -> T {
        try checkNotAtEnd(type)
        let key = JSONCodingKey(index: currentIndex)
        let result = try body(ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [key]))
        currentIndex += 1
        return result
    }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(
            type,
            .init(
                codingPath: codingPath + [JSONCodingKey(index: currentIndex)],
                debugDescription: "expected a value, the array has only \(elements.count) elements"))
    }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Any?.self)
        guard elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try decodeNext(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decodeNext((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try decodeNext((any Decoder).self) { $0 }
    }
}
