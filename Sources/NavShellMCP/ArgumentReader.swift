import NavProtocol

/// Reads one tool's arguments, remembering which it took so that the rest can be refused.
struct ArgumentReader {
    let tool: String
    let arguments: [String: JSONValue]
    private(set) var taken: [String] = []

    init(tool: String, arguments: [String: JSONValue]) {
        self.tool = tool
        self.arguments = arguments
    }

    mutating func string(_ name: String, example: String, allowEmpty: Bool = false) throws(ToolFailure) -> String {
        guard let value = try optionalString(name) else {
            throw ToolFailure("\(tool) needs the argument \(name), a string such as \"\(example)\": {\"\(name)\": \"\(example)\"}")
        }
        guard allowEmpty || !value.isEmpty else {
            throw ToolFailure("\(tool): \(name) is empty; give one such as \"\(example)\"")
        }
        return value
    }

    mutating func optionalString(_ name: String) throws(ToolFailure) -> String? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw ToolFailure("\(tool): \(name) must be a string, not \(other.typeName)")
        }
    }

    mutating func integer(_ name: String, _ range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case let value? where value.intValue != nil:
            let number = value.intValue ?? 0
            guard range.contains(number) else {
                throw ToolFailure("\(tool): \(name) must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
            }
            return number
        case let other?: throw ToolFailure("\(tool): \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(other.typeName)")
        }
    }

    mutating func object(_ name: String, example: String) throws(ToolFailure) -> JSONValue? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case let value? where value.objectValue != nil: return value
        case let other?: throw ToolFailure("\(tool): \(name) must be an object such as \(example), not \(other.typeName)")
        }
    }

    /// An array of strings (nil when absent), each non-empty.
    mutating func strings(_ name: String, example: String) throws(ToolFailure) -> [String]? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case .array(let items)? where items.allSatisfy({ ($0.stringValue ?? "").isEmpty == false }):
            return items.compactMap(\.stringValue)
        case _?: throw ToolFailure("\(tool): \(name) must be an array of ids such as \(example)")
        }
    }

    func checkNoOthers() throws(ToolFailure) {
        let others = arguments.keys.filter { !taken.contains($0) }.sorted()
        guard others.isEmpty else {
            let accepted = taken.isEmpty ? "no arguments" : "only " + taken.joined(separator: ", ")
            throw ToolFailure("\(tool) takes \(accepted); unknown: \(others.joined(separator: ", "))")
        }
    }
}
