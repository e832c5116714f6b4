/// A message's params: a value built by the sender, or the bytes a received message carried
/// them in. Received params were checked to be valid JSON as the message was read, but no tree
/// is built for them until something reads `value`: the host passes most params on to a worker
/// as they are.
public enum MessageParams: Sendable {
    case value(JSONValue)
    case received(ArraySlice<UInt8>)

    /// The params as a tree (parsed now for received ones).
    public var value: JSONValue {
        switch self {
        case .value(let value):
            return value
        case .received(let bytes):
            // Cannot fail: the bytes were checked by the same parser, under the same limits,
            // when the message was read.
            return bytes.withUnsafeBufferPointer { (try? JSONParser.parse($0).get()) ?? .null }
        }
    }

    /// Compact JSON text of the params, fit for a newline-delimited stream: received bytes as
    /// they are unless they hold line breaks (whitespace between tokens; a string cannot hold
    /// a raw one), which are written again without.
    public var compactJSON: ArraySlice<UInt8> {
        switch self {
        case .value(let value):
            return value.serialized()[...]
        case .received(let bytes):
            guard bytes.contains(where: { $0 < 0x20 }) else { return bytes }
            return value.serialized()[...]
        }
    }

    /// Appends `compactJSON` (a value is written straight into `bytes`).
    public func write(into bytes: inout [UInt8]) {
        switch self {
        case .value(let value): value.serialize(into: &bytes)
        case .received: bytes += compactJSON
        }
    }

    /// The value of the params object's member `name` (the last one, as in a parsed object);
    /// nil when there is none or the params are not an object. Received params are walked, and
    /// only that member's value is built.
    public func member(_ name: StaticString) -> JSONValue? {
        switch self {
        case .value(let value): return value[name.description]
        case .received(let bytes): return bytes.withUnsafeBufferPointer { JSONParser.member(name, ofObjectIn: $0) }
        }
    }

    /// The size of received params; nil for a value.
    public var receivedByteCount: Int? {
        if case .received(let bytes) = self { return bytes.count }
        return nil
    }

    /// What the params are, by their first byte for received ones (no parsing).
    enum Shape { case object, array, null, other }

    var shape: Shape {
        switch self {
        case .value(.object): return .object
        case .value(.array): return .array
        case .value(.null): return .null
        case .value: return .other
        case .received(let bytes):
            switch bytes.first {
            case UInt8(ascii: "{"): return .object
            case UInt8(ascii: "["): return .array
            case UInt8(ascii: "n"): return .null
            default: return .other
            }
        }
    }

    public var isObject: Bool { shape == .object }
}
