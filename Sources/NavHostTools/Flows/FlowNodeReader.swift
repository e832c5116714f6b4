import Foundation
import NavProtocol
import Yams

/// A flow file that cannot be run as written; the message names the line.
struct FlowSyntaxError: Error, CustomStringConvertible {
    let description: String
}

/// Reads typed values out of a flow's YAML nodes, with `${NAME}` replaced from the flow's
/// environment, and errors that say where and what was expected.
struct FlowNodeReader {
    let file: String
    let environment: [String: String]
    /// False for texts taken as written (the header).
    var substitutes = true

    func location(_ node: Node) -> String {
        node.mark.map { "\(file):\($0.line)" } ?? file
    }

    func error(_ node: Node, _ message: String) -> FlowSyntaxError {
        FlowSyntaxError(description: "\(location(node)): \(message)")
    }

    func isNull(_ node: Node) -> Bool { node.null != nil }

    func string(_ node: Node, _ what: String) throws -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else { throw error(node, "\(what) must be text") }
        return try substitute(scalar.string, at: node)
    }

    func integer(_ node: Node, _ what: String) throws -> Int {
        guard let value = try Int(string(node, what)) else { throw error(node, "\(what) must be a whole number") }
        return value
    }

    func number(_ node: Node, _ what: String) throws -> Double {
        guard let value = try Double(string(node, what)), value >= 0 else { throw error(node, "\(what) must be a number of seconds") }
        return value
    }

    func bool(_ node: Node, _ what: String) throws -> Bool {
        guard let value = node.bool else { throw error(node, "\(what) must be true or false") }
        return value
    }

    func list(_ node: Node, _ what: String) throws -> [Node] {
        guard case .sequence(let sequence) = node else { throw error(node, "\(what) must be a list") }
        return Array(sequence)
    }

    /// A mapping's entries by key; keys outside `allowed` (when given) are an error naming the allowed ones.
    func fields(_ node: Node, _ what: String, allowed: [String]?) throws -> [String: Node] {
        guard case .mapping(let mapping) = node else { throw error(node, "\(what) must be a map") }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard case .scalar(let name) = key else { throw error(key, "keys of \(what) must be words") }
            if let allowed, !allowed.contains(name.string) {
                throw error(key, "unknown key '\(name.string)' in \(what); allowed: \(allowed.joined(separator: ", "))")
            }
            fields[name.string] = value
        }
        return fields
    }

    /// A scalar as a JSON value: a whole number, a number, true or false (unquoted), else text.
    func scalarJSON(_ node: Node) throws -> JSONValue {
        if isNull(node) { return .null }
        let text = try string(node, "a value")
        guard node.scalar?.style == .plain else { return .string(text) }
        if let number = Int(text) { return .int(number) }
        if let number = Double(text) { return .double(number) }
        if let flag = node.bool { return .bool(flag) }
        return .string(text)
    }

    /// Any node as JSON: maps, lists and scalars.
    func json(_ node: Node) throws -> JSONValue {
        switch node {
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping { object[try string(key, "a key")] = try json(value) }
            return .object(object)
        case .sequence(let sequence):
            return .array(try sequence.map(json))
        default:
            return try scalarJSON(node)
        }
    }

    /// Replaces `${NAME}` with the environment's value; an undefined name is an error.
    func substitute(_ text: String, at node: Node) throws -> String {
        guard substitutes else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            let name = String(rest[start.upperBound..<end])
            guard let value = environment[name] else {
                throw error(node, "${\(name)} is not defined; pass it with runFlow's env or --env \(name)=VALUE")
            }
            result += rest[..<start.lowerBound] + value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
