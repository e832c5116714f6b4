/// A request type: its `Codable` value is the params, `Response` the result.
public protocol RPCRequestType: Codable, Sendable {
    associatedtype Response: Codable & Sendable
    static var method: String { get }
    /// The params as this type; the default decodes them with `decodeParams`.
    static func decode(params: JSONValue?) throws(RPCError) -> Self
}

extension RPCRequestType {
    public static func decode(params: JSONValue?) throws(RPCError) -> Self {
        try decodeParams(Self.self, from: params)
    }
}

/// A notification type: its `Codable` value is the params.
public protocol RPCNotificationType: Codable, Sendable {
    static var method: String { get }
}

/// Params of a method that takes none: encodes as `{}`, decodes from any object or null.
public struct EmptyParams: Codable, Sendable, Equatable {
    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeEmptyObject(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: JSONCodingKey.self)
    }
}

/// Result of a method that returns nothing: encodes as `{}`, decodes from any object or null.
public struct EmptyResult: Codable, Sendable, Equatable {
    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeEmptyObject(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: JSONCodingKey.self)
    }
}

private func decodeEmptyObject(from decoder: any Decoder) throws {
    if try decoder.singleValueContainer().decodeNil() { return }
    _ = try decoder.container(keyedBy: JSONCodingKey.self)
}

/// Decodes a request's params. navhost's methods take params by name: absent params, `null` and
/// an empty array (no positional params) all decode as `{}`; a non-empty array is refused.
/// Failures become `invalidParams` errors whose message names the field, e.g. "invalid params:
/// missing field 'kind'".
public func decodeParams<T: Decodable>(_ type: T.Type, from params: JSONValue?) throws(RPCError) -> T {
    let named: JSONValue
    switch params {
    case nil, .null?, .array([])?: named = .object([:])
    case .array?: throw RPCError.invalidParams("invalid params: navhost's methods take params by name (an object), not by position (an array)")
    case let params?: named = params
    }
    do {
        return try JSONValueDecoder().decode(type, from: named)
    } catch {
        throw RPCError.invalidParams("invalid params: \(describeDecodingError(error))")
    }
}
