import NavProtocol

/// A tool call's arguments, checked: what the tool will do, or a `ToolFailure` saying which
/// argument is wrong and what it should look like.
enum ToolRequest: Equatable {
    case open(path: String)
    case push(kind: String, params: JSONValue?)
    case search(text: String)
    case select(rowId: String)
    case back
    case rows(section: String?, limit: Int?, cursor: String?)
    case stack

    /// nil for a tool that does not exist (a protocol error, not a tool error).
    init?(name: String, arguments: [String: JSONValue]) throws(ToolFailure) {
        guard let tool = NavTools.Name(rawValue: name) else { return nil }
        var reader = ArgumentReader(tool: tool, arguments: arguments)
        switch tool {
        case .open: self = .open(path: try reader.string("path", example: "users/mojombo/repositories/chronic"))
        case .push:
            self = .push(kind: try reader.string("kind", example: "followers"), params: try reader.object("params"))
        case .search: self = .search(text: try reader.string("text", example: "mojombo", allowEmpty: true))
        case .select: self = .select(rowId: try reader.string("rowId", example: "user:mojombo"))
        case .back: self = .back
        case .rows:
            self = .rows(
                section: try reader.optionalString("section"), limit: try reader.integer("limit", 1...RowsRequest.maxLimit),
                cursor: try reader.optionalString("cursor"))
        case .stack: self = .stack
        }
        try reader.checkNoOthers()
    }
}

/// Reads one tool's arguments, remembering which it took so that the rest can be refused.
private struct ArgumentReader {
    let tool: NavTools.Name
    let arguments: [String: JSONValue]
    var taken: [String] = []

    init(tool: NavTools.Name, arguments: [String: JSONValue]) {
        self.tool = tool
        self.arguments = arguments
    }

    mutating func string(_ name: String, example: String, allowEmpty: Bool = false) throws(ToolFailure) -> String {
        guard let value = try optionalString(name) else {
            throw ToolFailure("\(tool.rawValue) needs the argument \(name), a string such as \"\(example)\": {\"\(name)\": \"\(example)\"}")
        }
        guard allowEmpty || !value.isEmpty else {
            throw ToolFailure("\(tool.rawValue): \(name) is empty; give one such as \"\(example)\"")
        }
        return value
    }

    mutating func optionalString(_ name: String) throws(ToolFailure) -> String? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw ToolFailure("\(tool.rawValue): \(name) must be a string, not \(other.typeName)")
        }
    }

    mutating func integer(_ name: String, _ range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case let value? where value.intValue != nil:
            let number = value.intValue ?? 0
            guard range.contains(number) else {
                throw ToolFailure("\(tool.rawValue): \(name) must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
            }
            return number
        case let other?: throw ToolFailure("\(tool.rawValue): \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(other.typeName)")
        }
    }

    mutating func object(_ name: String) throws(ToolFailure) -> JSONValue? {
        taken.append(name)
        switch arguments[name] {
        case nil, .null?: return nil
        case let value? where value.objectValue != nil: return value
        case let other?: throw ToolFailure("\(tool.rawValue): \(name) must be an object such as {\"login\": \"mojombo\"}, not \(other.typeName)")
        }
    }

    func checkNoOthers() throws(ToolFailure) {
        let others = arguments.keys.filter { !taken.contains($0) }.sorted()
        guard others.isEmpty else {
            let accepted = taken.isEmpty ? "no arguments" : "only " + taken.joined(separator: ", ")
            throw ToolFailure("\(tool.rawValue) takes \(accepted); unknown: \(others.joined(separator: ", "))")
        }
    }
}
