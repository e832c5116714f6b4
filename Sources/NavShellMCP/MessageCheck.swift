import NavProtocol

/// Checks one line from the client before the SDK sees it. The SDK answers a line it cannot
/// decode with an error under a random id (JSON-RPC wants `null`) and params it cannot decode
/// with -32603; checking the envelope here answers each malformed message as JSON-RPC says,
/// with `id: null` when the id cannot be read, and leaves the SDK only well-formed messages.
enum MessageCheck {
    enum Verdict: Equatable {
        /// A well-formed request, notification or response: hand it to the SDK.
        case pass
        /// Nothing to do (a blank line).
        case skip
        /// Answer with this error reply and drop the message.
        case refuse(JSONValue)
    }

    static func check(_ line: [UInt8]) -> Verdict {
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return .skip }
        let message: JSONValue
        do {
            message = try JSONValue(parsing: line)
        } catch {
            return .refuse(reply(id: .null, code: RPCErrorCode.parseError, "parse error: \(error)"))
        }
        guard case .object(let fields) = message else {
            if case .array = message {
                return .refuse(reply(id: .null, code: RPCErrorCode.invalidRequest, "invalid request: batches are not part of MCP since 2025-06-18; send one message per line"))
            }
            return .refuse(reply(id: .null, code: RPCErrorCode.invalidRequest, "invalid request: a message is a JSON object, not \(message.typeName)"))
        }
        let id = fields["id"]
        let idIsValid = id.map(isValidID) ?? false
        let replyID = idIsValid ? id ?? .null : .null
        func refuse(_ why: String) -> Verdict {
            .refuse(reply(id: replyID, code: RPCErrorCode.invalidRequest, "invalid request: \(why)"))
        }
        guard fields["jsonrpc"] == .string("2.0") else { return refuse("\"jsonrpc\" must be \"2.0\"") }
        if let id, !idIsValid { return refuse("\"id\" must be a string or an integer, not \(id.typeName)") }
        if let method = fields["method"] {
            guard method.stringValue != nil else { return refuse("\"method\" must be a string, not \(method.typeName)") }
            switch fields["params"] {
            case nil, .null?, .object?: return .pass
            case let params?: return refuse("\"params\" must be an object, not \(params.typeName)")
            }
        }
        // A response to a request of the server's (it sends none, but answers are harmless).
        guard id != nil else { return refuse("a message needs \"method\" (a request or notification) or \"id\" (a response)") }
        guard (fields["result"] != nil) != (fields["error"] != nil) else {
            return refuse("a response has exactly one of \"result\" and \"error\"")
        }
        return .pass
    }

    /// MCP request ids are strings or integers (never null).
    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string: return true
        case .int: return true
        default: return false
        }
    }

    static func reply(id: JSONValue, code: Int, _ message: String) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "error": .object(["code": .int(code), "message": .string(message)])])
    }
}
