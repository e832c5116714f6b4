/// `JSONValue` is Codable with any coder. With `JSONValueEncoder`/`JSONValueDecoder` it passes
/// through untouched; with other coders it is probed through a single-value container, so the
/// int/double distinction then follows that coder (an integral `1.0` may come back as `.int(1)`).
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? ValueDecoder {
            self = decoder.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .int(let int):
            var container = encoder.singleValueContainer()
            try container.encode(int)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let fields):
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in fields { try container.encode(value, forKey: JSONCodingKey(key)) }
        }
    }
}
