struct KeyedValueEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    private func store(_ value: JSONValue, _ key: Key) { box.set(.value(value), forKey: key.stringValue) }
    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { store(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { store(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { store(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        store(try JSONNumberEncoding.double(value, codingPath: path(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        store(try JSONNumberEncoding.float(value, codingPath: path(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { store(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try storeInteger(value, key) }

    private func storeInteger<T: BinaryInteger>(_ value: T, _ key: Key) throws {
        store(try JSONNumberEncoding.integer(value, codingPath: path(key)), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        store(try ValueEncoder.encode(value, codingPath: path(key)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingBox()
        nested.makeObject()
        box.set(.box(nested), forKey: key.stringValue)
        return KeyedEncodingContainer(KeyedValueEncodingContainer<NestedKey>(box: nested, codingPath: path(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodingBox()
        nested.makeArray()
        box.set(.box(nested), forKey: key.stringValue)
        return UnkeyedValueEncodingContainer(box: nested, codingPath: path(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONCodingKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let nested = EncodingBox()
        box.set(.box(nested), forKey: key.stringValue)
        return ValueEncoder(box: nested, codingPath: codingPath + [key])
    }
}

struct UnkeyedValueEncodingContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    var count: Int { box.arrayCount }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(index: count)] }
    private func store(_ value: JSONValue) { box.append(.value(value)) }

    mutating func encodeNil() throws { store(.null) }
    mutating func encode(_ value: Bool) throws { store(.bool(value)) }
    mutating func encode(_ value: String) throws { store(.string(value)) }
    mutating func encode(_ value: Double) throws { store(try JSONNumberEncoding.double(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { store(try JSONNumberEncoding.float(value, codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { store(.int(value)) }
    mutating func encode(_ value: Int8) throws { try storeInteger(value) }
    mutating func encode(_ value: Int16) throws { try storeInteger(value) }
    mutating func encode(_ value: Int32) throws { try storeInteger(value) }
    mutating func encode(_ value: Int64) throws { try storeInteger(value) }
    mutating func encode(_ value: UInt) throws { try storeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try storeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try storeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try storeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try storeInteger(value) }

    private func storeInteger<T: BinaryInteger>(_ value: T) throws {
        store(try JSONNumberEncoding.integer(value, codingPath: nextPath))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        store(try ValueEncoder.encode(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingBox()
        nested.makeObject()
        let path = nextPath
        box.append(.box(nested))
        return KeyedEncodingContainer(KeyedValueEncodingContainer<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodingBox()
        nested.makeArray()
        let path = nextPath
        box.append(.box(nested))
        return UnkeyedValueEncodingContainer(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = EncodingBox()
        let path = nextPath
        box.append(.box(nested))
        return ValueEncoder(box: nested, codingPath: path)
    }
}
