import Testing
import NavProtocol

private enum Colour: String, Codable, Equatable {
    case red, green
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Int)
}

private struct Inner: Codable, Equatable {
    var name: String
    var tags: [String]
    var weight: Double?
}

private struct Outer: Codable, Equatable {
    var id: Int
    var flag: Bool
    var colour: Colour
    var inner: Inner
    var items: [Inner]
    var optionalInner: Inner?
    var nickname: String?
    var matrix: [[Int]]
    var lookup: [String: Int]
    var shape: Shape
    var extra: JSONValue
    var small: Int8
    var unsigned: UInt32
    var ratio: Float
}

/// Writes through nested keyed and unkeyed containers explicitly rather than synthesized code.
private struct Handwritten: Codable, Equatable {
    var point: (x: Int, y: Int)
    var values: [Int]

    enum CodingKeys: String, CodingKey { case point, values }
    enum PointKeys: String, CodingKey { case x, y }

    init(point: (x: Int, y: Int), values: [Int]) {
        self.point = point
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pointContainer = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
        point = (try pointContainer.decode(Int.self, forKey: .x), try pointContainer.decode(Int.self, forKey: .y))
        var valuesContainer = try container.nestedUnkeyedContainer(forKey: .values)
        var values: [Int] = []
        while !valuesContainer.isAtEnd {
            var pair = try valuesContainer.nestedUnkeyedContainer()
            values.append(try pair.decode(Int.self))
        }
        self.values = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var pointContainer = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
        try pointContainer.encode(point.x, forKey: .x)
        try pointContainer.encode(point.y, forKey: .y)
        var valuesContainer = container.nestedUnkeyedContainer(forKey: .values)
        for value in values {
            var pair = valuesContainer.nestedUnkeyedContainer()
            try pair.encode(value)
        }
    }

    static func == (lhs: Handwritten, rhs: Handwritten) -> Bool {
        lhs.point == rhs.point && lhs.values == rhs.values
    }
}

private class Base: Codable {
    var baseValue = 1
}

private final class Derived: Base {
    var derivedValue = 2

    enum CodingKeys: String, CodingKey { case derivedValue }

    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        derivedValue = try container.decode(Int.self, forKey: .derivedValue)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(derivedValue, forKey: .derivedValue)
        try super.encode(to: container.superEncoder())
    }
}

@Suite struct JSONCodingTests {
    private let sample = Outer(
        id: 7, flag: true, colour: .green,
        inner: Inner(name: "in", tags: ["a", "b"], weight: 2.5),
        items: [Inner(name: "x", tags: [], weight: nil), Inner(name: "y", tags: ["é😀"], weight: 0)],
        optionalInner: nil, nickname: "nick", matrix: [[1, 2], [], [3]], lookup: ["one": 1, "two": 2],
        shape: .circle(radius: 1.5), extra: ["free": [1, "form", nil]], small: -8, unsigned: 4_000_000_000, ratio: 0.1)

    @Test func roundTripsNestedStructures() throws {
        let encoded = try JSONValueEncoder().encode(sample)
        #expect(try JSONValueDecoder().decode(Outer.self, from: encoded) == sample)
        // And through the byte form too.
        let reparsed = try JSONValue(parsing: encoded.serialized())
        #expect(try JSONValueDecoder().decode(Outer.self, from: reparsed) == sample)
    }

    @Test func encodesTheExpectedShape() throws {
        let encoded = try JSONValueEncoder().encode(sample)
        #expect(encoded["colour"] == "green")
        #expect(encoded["inner"] == ["name": "in", "tags": ["a", "b"], "weight": 2.5])
        #expect(encoded["items"]?.arrayValue?.first == ["name": "x", "tags": []])
        #expect(encoded["optionalInner"] == nil)
        #expect(encoded["shape"] == ["circle": ["radius": 1.5]])
        #expect(encoded["extra"] == ["free": [1, "form", nil]])
        #expect(encoded["ratio"] == .double(0.1))
        #expect(encoded["unsigned"] == .int(4_000_000_000))
    }

    @Test func roundTripsHandwrittenNestedContainers() throws {
        let value = Handwritten(point: (x: 3, y: -4), values: [5, 6])
        let encoded = try JSONValueEncoder().encode(value)
        #expect(encoded == ["point": ["x": 3, "y": -4], "values": [[5], [6]]])
        #expect(try JSONValueDecoder().decode(Handwritten.self, from: encoded) == value)
    }

    @Test func roundTripsThroughSuperEncoderAndDecoder() throws {
        let value = Derived()
        value.baseValue = 10
        value.derivedValue = 20
        let encoded = try JSONValueEncoder().encode(value)
        #expect(encoded == ["derivedValue": 20, "super": ["baseValue": 10]])
        let decoded = try JSONValueDecoder().decode(Derived.self, from: encoded)
        #expect(decoded.baseValue == 10 && decoded.derivedValue == 20)
    }

    @Test func encodesTopLevelScalarsAndCollections() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(5) == 5)
        #expect(try encoder.encode("s") == "s")
        #expect(try encoder.encode(Optional<Int>.none) == nil)
        #expect(try encoder.encode([1, 2]) == [1, 2])
        #expect(try encoder.encode(["k": true]) == ["k": true])
        #expect(try encoder.encode(UInt8(200)) == 200)
    }

    @Test func refusesValuesJSONCannotHold() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.infinity]) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["big": UInt64.max]) }
    }

    @Test func convertsBetweenIntegralNumbers() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Int.self, from: .double(3.0)) == 3)
        #expect(try decoder.decode(Double.self, from: .int(3)) == 3.0)
        #expect(try decoder.decode(UInt8.self, from: .int(255)) == 255)
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .double(3.5)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: .int(256)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: .int(-1)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .double(1e30)) }
    }

    @Test func decodesOptionalsFromNullAndMissingKeys() throws {
        struct Optionals: Codable, Equatable {
            var a: Int?
            var b: String?
        }
        let decoded = try JSONValueDecoder().decode(Optionals.self, from: ["a": nil])
        #expect(decoded == Optionals(a: nil, b: nil))
        #expect(try JSONValueEncoder().encode(Optionals(a: 1, b: nil)) == ["a": 1])
    }

    @Test func jsonValueRoundTripsThroughOurCodersUntouched() throws {
        let value: JSONValue = ["int": 1, "double": 1.0, "null": nil, "list": [1.5, "x", [:]]]
        #expect(try JSONValueEncoder().encode(value) == value)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: value) == value)
        #expect(try JSONValueDecoder().decode(JSONValue?.self, from: .null) == nil)
    }

    static let everyKind: [JSONValue] = [nil, true, 1, 2.5, "s", [1, "x", nil], ["k": [1, 2.5]]]

    @Test(arguments: everyKind)
    func jsonValueDecodesThroughAnUnknownDecoder(_ value: JSONValue) throws {
        // Hiding our decoder's type forces `JSONValue.init(from:)` to probe a single-value container.
        let captured = try JSONValueDecoder().decode(DecoderCapture.self, from: value).decoder
        #expect(try JSONValue(from: OpaqueDecoder(base: captured)) == value)
    }

    @Test(arguments: everyKind)
    func jsonValueEncodesThroughContainers(_ value: JSONValue) throws {
        // Calling `encode(to:)` directly bypasses the encoder's pass-through of JSONValue.
        #expect(try JSONValueEncoder().encode(DirectEncoding(value: value)) == value)
    }
}

private struct DirectEncoding: Encodable {
    var value: JSONValue
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

private struct DecoderCapture: Decodable {
    let decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
}

private struct OpaqueDecoder: Decoder {
    let base: any Decoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try base.container(keyedBy: type)
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try base.unkeyedContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try base.singleValueContainer() }
}
