import NavProtocol
import UVKit

// Sending: requests (with their timeouts), forwarded requests whose result is passed on as
// bytes, notifications, cancellation.
extension RPCConnection {
    /// Sends a request; `completion` runs once with the result, an error reply, a timeout or a closed connection.
    @discardableResult
    public func sendRequest(
        method: String, params: JSONValue?, timeoutMilliseconds: UInt64?,
        completion: @escaping (Result<JSONValue, RPCError>) -> Void
    ) -> RequestID {
        sendRequest(method: method, timeoutMilliseconds: timeoutMilliseconds, completion: .parsed(completion)) { id, bytes in
            RPCRequest(id: id, method: method, params: params).serialize(into: &bytes)
        }
    }

    /// `sendRequest` with params that write their own JSON.
    @discardableResult
    public func sendRequest<Params: JSONWritable>(
        method: String, writing params: Params, timeoutMilliseconds: UInt64?,
        completion: @escaping (Result<JSONValue, RPCError>) -> Void
    ) -> RequestID {
        sendRequest(method: method, writing: params, timeoutMilliseconds: timeoutMilliseconds, completion: .parsed(completion))
    }

    /// `sendRequest` with params that write their own JSON, for a result the caller reads only
    /// in part: it gets the result's bytes as they arrived (see `forwardRequest`).
    @discardableResult
    public func sendRequest<Params: JSONWritable>(
        method: String, writing params: Params, timeoutMilliseconds: UInt64?,
        rawResult: @escaping (Result<ArraySlice<UInt8>, RPCError>) -> Void
    ) -> RequestID {
        sendRequest(method: method, writing: params, timeoutMilliseconds: timeoutMilliseconds, completion: .raw(rawResult))
    }

    private func sendRequest<Params: JSONWritable>(
        method: String, writing params: Params, timeoutMilliseconds: UInt64?, completion: OutgoingRequest.Completion
    ) -> RequestID {
        sendRequest(method: method, timeoutMilliseconds: timeoutMilliseconds, completion: completion) { id, bytes in
            RPCRequest.serialize(id: id, method: method, writtenParams: params.jsonBytes, into: &bytes)
        }
    }

    /// Sends a request whose successful result the caller only passes on: it gets the result's
    /// bytes as they arrived (parsed and printed again only if the answer had another layout).
    /// Received params go out as the bytes they came in (the host's hot path: no tree).
    @discardableResult
    public func forwardRequest(
        method: String, params: MessageParams?, timeoutMilliseconds: UInt64?,
        rawResult: @escaping (Result<ArraySlice<UInt8>, RPCError>) -> Void
    ) -> RequestID {
        sendRequest(method: method, timeoutMilliseconds: timeoutMilliseconds, completion: .raw(rawResult)) { id, bytes in
            RPCRequest(id: id, method: method, carriedParams: params).serialize(into: &bytes)
        }
    }

    private func sendRequest(
        method: String, timeoutMilliseconds: UInt64?, completion: OutgoingRequest.Completion,
        serialize: (RequestID, inout [UInt8]) -> Void
    ) -> RequestID {
        let number = nextRequestNumber
        let id = RequestID.number(number)
        nextRequestNumber += 1
        guard !isClosed else {
            OutgoingRequest(method: method, number: number, completion: completion).complete(
                .failure(RPCError(code: RPCErrorCode.workerFailed, message: "\(name) is closed", data: nil)))
            return id
        }
        let deadline = timeoutMilliseconds.map { loop.now + $0 }
        outgoing[id] = OutgoingRequest(
            method: method, number: number, timeout: timeoutMilliseconds, deadline: deadline, completion: completion)
        send { serialize(id, &$0) }
        if let deadline { armDeadline(deadline) }
        return id
    }

    public func sendNotification(method: String, params: JSONValue?) {
        send(.notification(RPCNotification(method: method, params: params)))
    }

    /// The same bytes as `sendNotification(method:params:)` with the params' `Codable` form.
    public func sendNotification<Params: JSONWritable>(method: String, writing params: Params) {
        send { RPCNotification.serialize(method: method, writtenParams: params.jsonBytes, into: &$0) }
    }

    /// Gives up on a request this side sent: its completion gets -32800 and the peer is told.
    public func cancelRequest(_ id: RequestID) {
        guard let request = outgoing.removeValue(forKey: id) else { return }
        sendNotification(method: "$/cancelRequest", params: ["id": id.json])
        request.complete(.failure(.requestCancelled()))
    }

    public func send(_ message: RPCMessage) {
        send { message.serialize(into: &$0) }
    }

    /// Sends the message `serialize` appends to the buffer it is given: every message this side
    /// sends goes this way. Newline-delimited, with no recording tapping what is sent, the
    /// message is serialized straight into the writer's buffer: no array of its own on the host's
    /// routing path.
    func send(serializing serialize: (inout [UInt8]) -> Void) {
        guard !isClosed else { return }
        let framing = framing ?? .newlineDelimited
        if framing == .newlineDelimited, onBodySent == nil {
            writer.write { bytes in
                serialize(&bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
        } else {
            var body: [UInt8] = []
            serialize(&body)
            onBodySent?(body)
            writer.write(framing.frame(body))
        }
        // Backpressure: past the high-water mark, the owner is told to stop feeding writes.
        if let high = writeHighWaterBytes, !isWriteBackpressured, writer.pendingWriteBytes > high {
            isWriteBackpressured = true
            onWriteBackpressure?(true)
        }
    }
}
