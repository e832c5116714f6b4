import NavProtocol

/// Checks one line from the client before the SDK sees it. The SDK answers a line it cannot
/// decode with an error under a random id (JSON-RPC wants `null`); here each line is classified
/// as navhost classifies its own input (`RPCPayload`, JSON-RPC 2.0 sections 4–6), malformed
/// ones are answered with the id when it can be read, and the SDK gets only well-formed
/// messages. MCP narrows JSON-RPC further: no batches (since 2025-06-18), params an object.
enum MessageCheck {
    enum Verdict: Equatable {
        /// A well-formed request (given), notification or response: hand it to the SDK.
        case pass(RPCRequest?)
        /// Nothing to answer (a blank line, a notification MCP does not allow).
        case skip
        /// Answer with this error reply and drop the message.
        case refuse(JSONValue)
    }

    static func check(_ line: [UInt8]) -> Verdict {
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return .skip }
        switch RPCPayload.parse(line) {
        case .batch:
            return refuse(nil, .invalidRequest("batches are not part of MCP since 2025-06-18; send one message per line"))
        case .single(.invalid(let id, let error)):
            return refuse(id, error)
        case .single(.message(.request(let request))):
            guard request.carriedParams?.isObject ?? true else {
                return refuse(request.id, .invalidRequest("MCP params must be an object"))
            }
            return .pass(request)
        case .single(.message(.notification(let notification))):
            // A notification gets no answer, not even an error: one MCP cannot carry is dropped.
            return notification.carriedParams?.isObject ?? true ? .pass(nil) : .skip
        case .single(.message(.response)):
            return .pass(nil)
        }
    }

    private static func refuse(_ id: RequestID?, _ error: RPCError) -> Verdict {
        .refuse(RPCResponse(id: id, result: .failure(error)).json)
    }

    /// An error reply under no id, for what is refused before it is read (a line too long).
    static func reply(code: Int, _ message: String) -> JSONValue {
        RPCResponse(id: nil, result: .failure(RPCError(code: code, message: message))).json
    }
}
