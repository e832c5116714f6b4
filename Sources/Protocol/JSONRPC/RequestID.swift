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

    /// What `Dictionary` and `Set` place an id by, without a `Hasher`: a number is mixed by
    /// MurmurHash3's 64-bit finalizer, in a handful of instructions where SipHash takes a
    /// hundred or more. Ids key the requests in flight, looked up and removed several times for
    /// every request routed (numbers: what navhost sends its workers, and what clients send).
    /// Every bit of the number and of the table's seed (which differs from table to table, so
    /// copying one table into another stays linear) reaches the low bits the table indexes by.
    /// It is not keyed by the process's random seed as `Hasher` is, so it resists chosen
    /// collisions less; the ids in a table are the connection's own counter or one client's
    /// own requests, so a client that found colliding ids would slow only its own session.
    public func _rawHashValue(seed: Int) -> Int {
        switch self {
        case .number(let number):
            var mixed = UInt64(UInt(bitPattern: number ^ seed))
            mixed ^= mixed >> 33
            mixed &*= 0xFF51_AFD7_ED55_8CCD
            mixed ^= mixed >> 33
            mixed &*= 0xC4CE_B9FE_1A85_EC53
            mixed ^= mixed >> 33
            return Int(bitPattern: UInt(mixed))
        case .string(let string):
            return string._rawHashValue(seed: seed)
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
