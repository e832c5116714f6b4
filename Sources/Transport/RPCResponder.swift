import NavProtocol

/// Answers one incoming request, exactly once. A request that is cancelled or whose connection
/// closed ignores later answers, so handlers need not track that themselves.
public final class RPCResponder {
    public let id: RequestID
    public let method: String
    public private(set) var isAnswered = false
    /// Runs when the client cancels this request (`$/cancelRequest`), after -32800 was sent.
    public var onCancel: (() -> Void)?
    private let deliver: (RPCResponse) -> Void
    /// Writes a result's bytes as they are; only for a request outside a batch.
    var deliverRaw: ((ArraySlice<UInt8>) -> Void)?

    init(id: RequestID, method: String, deliver: @escaping (RPCResponse) -> Void) {
        self.id = id
        self.method = method
        self.deliver = deliver
    }

    public func reply(_ result: Result<JSONValue, RPCError>) {
        guard !isAnswered else { return }
        isAnswered = true
        onCancel = nil
        deliver(RPCResponse(id: id, result: result))
    }

    public func succeed(_ value: JSONValue) { reply(.success(value)) }

    /// Answers with a result that is already serialized JSON (a worker's answer passed on).
    public func succeed(raw result: ArraySlice<UInt8>) {
        guard !isAnswered else { return }
        guard let deliverRaw else {
            // In a batch the answers are assembled as values.
            return reply((try? JSONValue(parsing: Array(result))).map { .success($0) } ?? .failure(.internalError("a worker answered \(method) with invalid JSON")))
        }
        isAnswered = true
        onCancel = nil
        deliverRaw(result)
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

    func cancel() {
        guard !isAnswered else { return }
        let handler = onCancel
        reply(.failure(.requestCancelled()))
        handler?()
    }
}

/// Collects the responses of one incoming batch and sends them together once all are in. Each
/// is written to bytes as it arrives (no trees kept); once the answer would grow past
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
        var bytes = RPCMessage.response(response).json.serialized()
        if answer.count + bytes.count > maxBytes {
            let error = RPCError(
                code: RPCErrorCode.messageTooLarge,
                message: "the batch's answer would exceed the message limit of \(maxBytes) bytes; send this request on its own",
                data: ["limit": .int(maxBytes)])
            bytes = RPCMessage.response(RPCResponse(id: response.id, result: .failure(error))).json.serialized()
        }
        if answer.count > 1 { answer.append(UInt8(ascii: ",")) }
        answer += bytes
        outstanding -= 1
        guard outstanding == 0 else { return }
        answer.append(UInt8(ascii: "]"))
        send(answer)
        answer = []
    }
}
