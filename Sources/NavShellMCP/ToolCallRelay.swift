import Foundation
import MCP
import NavProtocol
import Synchronization

/// `tools/call` past the SDK's coding, both ways. The SDK decodes every message into its `Value`
/// and encodes every result to `Value` and back (`tools/call stack`, 50 rows: 10.0 ms through it,
/// 1.1 ms past it; docs/performance.md, "The MCP server"), and on the way turns each string that
/// reads as a `data:` URL into binary data. So the transport keeps a call's params as they came
/// and hands the SDK `{"navshellCall": N}`; the SDK still dispatches it, tracks it and cancels it
/// (`notifications/cancelled`); the handler reads the params by `N`, answers
/// `{"navshellCall": N}`, and the transport writes the answer's own bytes in its place.
final class ToolCallRelay: Sendable {
    /// The member that marks a relayed call's params and result.
    static let marker = "navshellCall"

    private struct State {
        var next = 1
        var params: [Int: JSONValue] = [:]
        var results: [Int: [UInt8]] = [:]
    }
    private let state = Mutex(State())
    /// Params, and results, kept at most: a call the SDK cancels before its handler runs is
    /// never taken, and the answer to one it cancels after is never sent; past this many, the
    /// oldest such are dropped.
    static let maxKept = 256

    /// A `tools/call` from the client, as the SDK is to see it: its params kept under a number.
    func inbound(_ request: RPCRequest) -> [UInt8] {
        let number = state.withLock { state in
            defer { state.next += 1 }
            state.params[state.next] = request.params ?? .object([:])
            state.params.dropOldest(past: Self.maxKept)
            return state.next
        }
        return RPCRequest(id: request.id, method: request.method, params: .object([Self.marker: .int(number)])).serialized()
    }

    /// The params of the relayed call `params` names, taken once.
    func take(_ params: Value) throws(MCPError) -> (number: Int, params: JSONValue) {
        guard case .object(let fields) = params, case .int(let number)? = fields[Self.marker],
            let taken = state.withLock({ $0.params.removeValue(forKey: number) })
        else { throw MCPError.invalidParams("tools/call: params must be an object") }
        return (number, taken)
    }

    /// Keeps a call's answer, the bytes of its result, and returns what the handler answers.
    func answer(_ number: Int, result: JSONValue) -> Ticket {
        let bytes = result.serialized()
        state.withLock { state in
            state.results[number] = bytes
            state.results.dropOldest(past: Self.maxKept)
        }
        return Ticket(navshellCall: number)
    }

    /// The SDK's answer to a relayed call with the call's result put back in; nil for any
    /// other message, which goes out as it is.
    func outbound(_ message: Data) -> [UInt8]? {
        // Only a message that names the marker is parsed (an answer's id may be of any length).
        guard message.range(of: Self.quotedMarker) != nil,
            let json = message.withUnsafeBytes({ try? JSONValue(parsing: $0) }), let number = json["result"]?[Self.marker]?.intValue,
            let id = json["id"].flatMap(RequestID.init(json:)), let result = state.withLock({ $0.results.removeValue(forKey: number) })
        else { return nil }
        var bytes: [UInt8] = []
        RPCResponse.serialize(id: id, writtenResult: result[...], into: &bytes)
        return bytes
    }

    /// The marker as a member name, as it appears in the SDK's answer to a relayed call.
    private static let quotedMarker = Data("\"\(marker)\"".utf8)

    /// What a relayed call's handler answers the SDK.
    struct Ticket: Codable, Hashable, Sendable {
        var navshellCall: Int
    }
}

extension Dictionary where Key == Int {
    /// Keeps at most `limit` entries by removing the lowest-numbered, the oldest calls.
    fileprivate mutating func dropOldest(past limit: Int) {
        if count > limit, let oldest = keys.min() { self[oldest] = nil }
    }
}

/// `tools/call` as the server registers it: params and result are the relay's tickets.
enum RelayedToolCall: MCP.Method {
    static var name: String { CallTool.name }
    typealias Parameters = Value
    typealias Result = ToolCallRelay.Ticket
}
