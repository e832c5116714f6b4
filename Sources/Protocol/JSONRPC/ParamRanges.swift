extension RPCError {
    /// The refusal of a number outside its range, naming the field: "invalid params: field
    /// 'limit' must be between 0 and 1000".
    public static func outOfRange<Number: Comparable & CustomStringConvertible>(_ field: String, _ range: ClosedRange<Number>) -> RPCError {
        .invalidParams(
            "invalid params: field '\(field)' must be between \(range.lowerBound) and \(range.upperBound)",
            data: ["field": .string(field)])
    }
}

/// Refuses a number from a message that is outside `range`, before anything computes with it.
/// The request types call it from their `decode(params:)`, so the host and a worker check the
/// same ranges in the same words.
public func checkRange<Number: Comparable & CustomStringConvertible>(
    _ value: Number?, _ field: String, _ range: ClosedRange<Number>
) throws(RPCError) {
    if let value, !range.contains(value) { throw RPCError.outOfRange(field, range) }
}
