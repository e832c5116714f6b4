import NavProtocol

/// Answers one incoming request, exactly once. A request that is cancelled or whose connection
/// closed ignores later answers, so handlers need not track that themselves.
public final class RPCResponder {
    public let id: RequestID
    public let method: String
    public private(set) var isAnswered = false
    /// Runs when the client cancels this request (`$/cancelRequest`), after -32800 was sent.
    public var onCancel: (() -> Void)?
    /// A request sent on to another peer on this one's behalf, cancelled with it.
    private var forwarded: (id: RequestID, connection: RPCConnection)?
    /// Where the answer goes: the connection (a closed one drops it), into the batch's answer for
    /// an entry of a batch. Held strongly: the connection's table of unanswered requests and this
    /// responder refer to each other until the answer, or until the connection closes and drops
    /// the table. A weak reference would give the connection a side table, which sends every
    /// retain and release of it, several per routed request, down the runtime's slow path.
    private let connection: RPCConnection
    private let batch: BatchCollector?
    /// What the request counts for in the connection's pending input, given back when answered.
    private let cost: Int

    init(id: RequestID, method: String, connection: RPCConnection, batch: BatchCollector?, cost: Int) {
        self.id = id
        self.method = method
        self.connection = connection
        self.batch = batch
        self.cost = cost
    }

    public func reply(_ result: Result<JSONValue, RPCError>) {
        guard markAnswered() else { return }
        let response = RPCResponse(id: id, result: result)
        if let batch {
            batch.add(response)
        } else {
            connection.send(.response(response))
        }
    }

    public func succeed(_ value: JSONValue) { reply(.success(value)) }

    /// Answers with a result that is already serialized JSON (a worker's answer passed on):
    /// the bytes go into the response as they are, alone or in the batch's answer.
    public func succeed(raw result: ArraySlice<UInt8>) {
        guard markAnswered() else { return }
        if let batch {
            batch.add(id: id) { RPCResponse.serialize(id: id, writtenResult: result, into: &$0) }
        } else {
            connection.send { RPCResponse.serialize(id: id, writtenResult: result, into: &$0) }
        }
    }

    /// The first answer counts, once: false for any later one.
    private func markAnswered() -> Bool {
        guard !isAnswered else { return false }
        isAnswered = true
        onCancel = nil
        forwarded = nil
        connection.answered(id, cost: cost)
        return true
    }

    public func fail(_ error: RPCError) { reply(.failure(error)) }

    /// Answers with a result that writes its own JSON: no `JSONValue` tree on the way.
    public func succeed<T: JSONWritable>(writing value: T) {
        guard !isAnswered else { return }
        succeed(raw: value.jsonBytes[...])
    }

    /// Encodes a typed result; an encoding failure becomes an internal error.
    public func succeed<T: Encodable>(encoding value: T) {
        do {
            reply(.success(try JSONValueEncoder().encode(value)))
        } catch {
            reply(.failure(.internalError("could not encode the result of \(method): \(error)")))
        }
    }

    /// Cancelling this request cancels request `id` on `connection` too (no closure kept for it:
    /// this is on the host's routing path).
    public func cancels(_ id: RequestID, on connection: RPCConnection) {
        forwarded = (id, connection)
    }

    func cancel() {
        guard !isAnswered else { return }
        let handler = onCancel
        // Taken first: answering drops it.
        let forwarded = forwarded
        reply(.failure(.requestCancelled()))
        handler?()
        if let forwarded { forwarded.connection.cancelRequest(forwarded.id) }
    }
}

/// Collects the responses of one incoming batch and sends them together once all are in. Each
/// is written into the answer as it arrives (no trees kept); once the answer would grow past
/// `maxBytes`, later results are replaced by an error saying so, so a batch's answer stays
/// within the message limit however large what its entries ask for.
final class BatchCollector {
    private var answer: [UInt8] = [UInt8(ascii: "[")]
    private var outstanding: Int
    private let maxBytes: Int
    private let send: ([UInt8]) -> Void

    init(expected: Int, maxBytes: Int, send: @escaping ([UInt8]) -> Void) {
        outstanding = expected
        self.maxBytes = maxBytes
        self.send = send
    }

    func add(_ response: RPCResponse) {
        add(id: response.id) { response.serialize(into: &$0) }
    }

    /// Adds the response to request `id` that `serialize` writes.
    func add(id: RequestID?, _ serialize: (inout [UInt8]) -> Void) {
        let before = answer.count
        if before > 1 { answer.append(UInt8(ascii: ",")) }
        // Written in place, and taken back if it makes the answer too long (the comma aside).
        let start = answer.count
        serialize(&answer)
        if before + (answer.count - start) > maxBytes {
            answer.removeSubrange(start...)
            let error = RPCError(
                code: RPCErrorCode.messageTooLarge,
                message: "the batch's answer would exceed the message limit of \(maxBytes) bytes; send this request on its own",
                data: ["limit": .int(maxBytes)])
            RPCResponse(id: id, result: .failure(error)).serialize(into: &answer)
        }
        outstanding -= 1
        guard outstanding == 0 else { return }
        answer.append(UInt8(ascii: "]"))
        send(answer)
        answer = []
    }
}
