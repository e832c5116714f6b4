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

    /// Answers an entry of a full batch (an earlier entry's answer did not fit) with `-32001`
    /// and returns true, so its handler need not run: its answer would be dropped anyway.
    /// False, and nothing done, for any other request.
    public func refuseIfBatchIsFull() -> Bool {
        guard let batch, batch.isFull else { return false }
        if markAnswered() {
            batch.add(RPCResponse(id: id, result: .failure(batch.tooLarge(ran: false))), bounded: false)
        }
        return true
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

    /// Answers with `result`, encoded as `succeed(encoding:)` does.
    public func reply<T: Encodable>(encoded result: Result<T, RPCError>) {
        switch result {
        case .success(let value): succeed(encoding: value)
        case .failure(let error): fail(error)
        }
    }

    /// The same for a result that writes its own JSON (the answers that carry the stack).
    public func reply<T: Encodable & JSONWritable>(encoded result: Result<T, RPCError>) {
        switch result {
        case .success(let value): succeed(writing: value)
        case .failure(let error): fail(error)
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
/// is written into the answer as it arrives (no trees kept). Once an answer would take it past
/// `maxBytes`, the batch is full: that answer is replaced by an error saying so, and entries
/// that have not started yet are answered without running (`RPCResponder.refuseIfBatchIsFull`),
/// so what a batch costs is bounded by the message limit, however much its entries ask for.
final class BatchCollector {
    private var answer: [UInt8] = [UInt8(ascii: "[")]
    private var outstanding: Int
    private let maxBytes: Int
    private let send: ([UInt8]) -> Void
    private(set) var isFull = false

    init(expected: Int, maxBytes: Int, send: @escaping ([UInt8]) -> Void) {
        outstanding = expected
        self.maxBytes = maxBytes
        self.send = send
    }

    func add(_ response: RPCResponse, bounded: Bool = true) {
        add(id: response.id, bounded: bounded) { response.serialize(into: &$0) }
    }

    /// Adds the response to request `id` that `serialize` writes. `bounded` is false for the
    /// short error of an entry refused because the batch is full: it goes in past the limit.
    func add(id: RequestID?, bounded: Bool = true, _ serialize: (inout [UInt8]) -> Void) {
        let before = answer.count
        if before > 1 { answer.append(UInt8(ascii: ",")) }
        // Written in place, and taken back if it makes the answer too long (the comma aside).
        let start = answer.count
        serialize(&answer)
        if bounded, before + (answer.count - start) > maxBytes {
            answer.removeSubrange(start...)
            isFull = true
            RPCResponse(id: id, result: .failure(tooLarge(ran: true))).serialize(into: &answer)
        }
        outstanding -= 1
        guard outstanding == 0 else { return }
        answer.append(UInt8(ascii: "]"))
        send(answer)
        answer = []
    }

    /// The error an entry gets in place of an answer the batch had no room for: one that ran
    /// (its effects stand, only its answer is dropped), or one not run because the batch was full.
    func tooLarge(ran: Bool) -> RPCError {
        RPCError(
            code: RPCErrorCode.messageTooLarge,
            message: ran
                ? "the request ran, but its answer would take the batch's answer past the message limit of \(maxBytes) bytes"
                : "not run: the batch's answer reached the message limit of \(maxBytes) bytes; send this request on its own",
            data: ["limit": .int(maxBytes), "ran": .bool(ran)])
    }
}
