import Foundation
import MCP
import NavProtocol

// The SDK speaks `Value`, NavShell `JSONValue`: the same JSON model, converted at the edge.

extension Value {
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(Value.init))
        case .object(let fields): self = .object(fields.mapValues(Value.init))
        }
    }
}

extension JSONValue {
    init(_ value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        // Binary data never comes from a client's JSON; as a data: URL it keeps its meaning.
        case .data(let mimeType, let data): self = .string("data:\(mimeType ?? "application/octet-stream");base64,\(data.base64EncodedString())")
        case .array(let items): self = .array(items.map { JSONValue($0) })
        case .object(let fields): self = .object(fields.mapValues { JSONValue($0) })
        }
    }
}
