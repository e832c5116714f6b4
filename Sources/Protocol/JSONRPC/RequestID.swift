/// A JSON-RPC request id. Only strings and integers are accepted: the spec discourages null and
/// fractional ids, and refusing them keeps id correlation exact.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public var json: JSONValue {
        switch self {
        case .number(let number): return .int(number)
        case .string(let string): return .string(string)
        }
    }

    /// One value into the hasher, not the case and then the value: ids key the requests in
    /// flight, hashed several times for every request routed. (A number and a string that hash
    /// alike are still two ids: equality tells them apart.)
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .number(let number): hasher.combine(number)
        case .string(let string): hasher.combine(string)
        }
    }

    /// Appends the id as JSON, as `json.serialize(into:)` would.
    public func serialize(into bytes: inout [UInt8]) {
        switch self {
        case .number(let number): JSONValue.serializeInt(number, into: &bytes)
        case .string(let string): JSONValue.serializeString(string, into: &bytes)
        }
    }

    /// The id a JSON value denotes, or nil when it is not a usable id.
    public init?(json: JSONValue) {
        switch json {
        case .int(let number): self = .number(number)
        case .string(let string): self = .string(string)
        default: return nil
        }
    }

    /// Numbers print bare and strings quoted, so `1` and `"1"` stay distinguishable in logs.
    public var description: String { json.serializedString }
}
