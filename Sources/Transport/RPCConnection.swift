import NavProtocol
import UVKit

/// A JSON-RPC 2.0 peer over a byte reader and writer: frames and parses what arrives,
/// dispatches requests and notifications, correlates responses to the requests it sent
/// (with timeouts), and answers batches as batches.
public final class RPCConnection {
    /// Names the peer in errors ("screen s2 (repositories) did not answer …").
    public var name: String
    /// The framing used for what this side sends: fixed, or learnt from the first message received.
    public private(set) var framing: Framing?
    public var onRequest: ((RPCRequest, RPCResponder) -> Void)?
    public var onNotification: ((RPCNotification) -> Void)?
    /// Called once when the peer's output ends or the connection is closed.
    public var onClose: ((ReadEnd) -> Void)?
    /// When set, the end of the peer's output only stops reading and calls this: what is still
    /// owed to the peer can be written before `close()` (a client that sent its last request
    /// and closed its side still gets the replies).
    public var onInputEnd: ((ReadEnd) -> Void)?
    /// Reports input that could not be used (bad framing, oversized, invalid JSON); the peer got an error reply.
    public var onProtocolError: ((RPCError) -> Void)?
    /// Whether `$/cancelRequest` notifications are handled here (by cancelling the named request).
    public var handlesCancellation = true
    /// Taps for a recording: each message body (a message or a batch) as it is received and sent.
    public var onBodyReceived: (([UInt8]) -> Void)?
    public var onBodySent: (([UInt8]) -> Void)?
    /// Flow control: once more than this many bytes wait to be written, `onWriteBackpressure(true)`;
    /// `onWriteBackpressure(false)` when the queue has drained. The owner stops whatever feeds the
    /// writes meanwhile, so memory stays bounded and nothing is dropped.
    public var writeHighWaterBytes: Int?
    public var onWriteBackpressure: ((Bool) -> Void)?
    public internal(set) var isWriteBackpressured = false
    public private(set) var isReadingPaused = false
    /// Flow control for input: once the requests read and not yet answered (each its size plus
    /// `pendingRequestAllowance` for its bookkeeping) and the bytes not yet written to the peer
    /// cost more than this many bytes together, this side stops handling and reading the peer's
    /// messages until they cost half as much. A peer that writes a burst before reading any
    /// answer is read until then, so it is never left blocked in write() while the answers
    /// pile up; and one that does not read the answers this side writes at once cannot make it
    /// hold an unbounded amount of them.
    public var pendingInputLimitBytes: Int?
    /// What one pending request is counted as beyond its bytes: its parsed form, responder and
    /// queue entry.
    public static let pendingRequestAllowance = 1024
    public internal(set) var pendingInputBytes = 0
    var isPausedForPendingInput = false
    var owesMemoryRelease = false
    /// Batches with more entries are refused whole (-32600), before any entry runs.
    public var maxBatchEntries: Int?

    let loop: UVLoop
    private let reader: ByteReader
    var readerHandle: ByteReader { reader }
    let writer: ByteWriter
    private var framer: MessageFramer
    private let maxMessageBytes: Int
    var nextRequestNumber = 1
    var outgoing: [RequestID: OutgoingRequest] = [:]
    /// Answers not yet folded into the later requests' deadlines (`completeOutgoing`).
    var answerLog: [(number: Int, time: UInt64)] = []
    var incoming: [RequestID: RPCResponder] = [:]
    var deadlineTimer: UVTimer?
    /// Handles, on the turn after input was resumed, the messages framed before it was paused.
    var framedMessagesTimer: UVTimer?
    var armedDeadline: UInt64?
    private var pausedAt: UInt64?
    public private(set) var isClosed = false
    /// When the peer was last at work with this side: its bytes arriving, or the answer to the
    /// last of its requests going out (the loop's milliseconds; the connection's start before either).
    var lastActivityAt: UInt64
    /// Since when the peer has been idle: nothing of its unanswered, nothing from it since (the
    /// loop's milliseconds); nil while a request of its waits for its answer.
    public var idleSince: UInt64? { incoming.isEmpty ? lastActivityAt : nil }

    struct OutgoingRequest {
        var method: String
        var number: Int
        var timeout: UInt64?
        var deadline: UInt64?
        var completion: Completion

        enum Completion {
            case parsed((Result<JSONValue, RPCError>) -> Void)
            /// For requests whose result is only passed on: takes it as the bytes it arrived as.
            case raw((Result<ArraySlice<UInt8>, RPCError>) -> Void)
        }

        var wantsRawResult: Bool {
            if case .raw = completion { return true }
            return false
        }

        /// Runs the completion with a parsed answer or an error (a result that was wanted as
        /// bytes but arrived in another layout is printed again).
        func complete(_ result: Result<JSONValue, RPCError>) {
            switch completion {
            case .parsed(let completion): completion(result)
            case .raw(let completion): completion(result.map { $0.serialized()[...] })
            }
        }
    }

    public init(loop: UVLoop, name: String, reader: ByteReader, writer: ByteWriter, framing: Framing?, maxMessageBytes: Int) {
        self.loop = loop
        self.name = name
        self.reader = reader
        self.writer = writer
        self.framing = framing
        self.maxMessageBytes = maxMessageBytes
        framer = MessageFramer(maxMessageBytes: maxMessageBytes, framing: framing)
        lastActivityAt = loop.now
    }

    public func start() throws(UVError) {
        reader.onRead = { [unowned self] bytes in self.receive(bytes) }
        reader.onEnd = { [unowned self] end in self.peerEnded(end) }
        writer.onDrain = { [unowned self] in self.writesDrained() }
        try reader.startReading()
    }

    /// Stops reading the peer (its output waits in the pipe, and then in the peer) until `resumeReading`.
    /// Request timeouts do not run meanwhile: an answer this side is not reading is not late.
    public func pauseReading() {
        guard !isReadingPaused, !isClosed else { return }
        isReadingPaused = true
        pausedAt = loop.now
        reader.stopReading()
    }

    public func resumeReading() {
        guard isReadingPaused else { return }
        isReadingPaused = false
        if let pausedAt {
            let paused = loop.now - pausedAt
            self.pausedAt = nil
            applyAnswerLog()
            updateDeadlines { request in request.deadline.map { $0 + paused } }
            armedDeadline = nil
            if let next = outgoing.values.lazy.compactMap(\.deadline).min() { armDeadline(next) }
        }
        guard !isClosed, !inputEnded, !isPausedForPendingInput else { return }
        try? reader.startReading()
    }

    private func writesDrained() {
        if owesMemoryRelease { releaseFreedMemorySoon() }
        if isPausedForPendingInput { resumeInputIfWithinBudget() }
        guard isWriteBackpressured else { return }
        isWriteBackpressured = false
        onWriteBackpressure?(false)
    }

    public var pendingWriteBytes: Int { writer.pendingWriteBytes }

    public var outstandingRequestCount: Int { outgoing.count }

    /// Requests this side sent that the peer has not answered yet.
    public var outstandingRequests: [(id: RequestID, method: String)] { outgoing.map { ($0.key, $0.value.method) } }

    /// How many requests the peer sent that this side has not answered yet.
    public var unansweredIncomingCount: Int { incoming.count }

    /// Requests the peer sent that this side has not answered yet.
    public var unansweredIncomingRequests: [(id: RequestID, method: String)] { incoming.values.map { ($0.id, $0.method) } }

    public var writerHandle: ByteWriter { writer }

    // MARK: Receiving

    private func receive(_ bytes: UnsafeRawBufferPointer) {
        lastActivityAt = loop.now
        framer.append(bytes)
        handleFramedMessages()
    }

    /// Handles the messages framed so far, one by one while the peer's input is within its
    /// budget; past it the rest wait in the framer (`checkInputBudget`).
    func handleFramedMessages() {
        while !isClosed, !isPausedForPendingInput, let event = framer.nextEvent() {
            if framing == nil { framing = framer.framing }
            switch event {
            case .message(let body):
                onBodyReceived?(body)
                // Only an answer to a request this side sent can be passed on as bytes.
                if !outgoing.isEmpty, let raw = RawResult.scan(body, wanted: { self.outgoing[$0]?.wantsRawResult == true }),
                    case .raw(let completion)? = completeOutgoing(raw.id)?.completion
                {
                    completion(.success(raw.result))
                    continue
                }
                handle(RPCPayload.parse(body), bytes: body.count)
                if body.count >= Self.largeMessageBytes { releaseFreedMemorySoon() }
            case .oversized(let size):
                protocolError(RPCError(
                    code: RPCErrorCode.messageTooLarge,
                    message: "message of \(size) bytes exceeds the limit of \(maxMessageBytes) bytes; it was discarded",
                    data: ["size": .int(size), "limit": .int(maxMessageBytes)]))
            case .malformedHeader(let reason):
                protocolError(.parseError("malformed message header: \(reason)"))
            }
            // Errors count too: a flood of malformed lines is answered line by line.
            checkInputBudget()
        }
    }

    private func protocolError(_ error: RPCError) {
        onProtocolError?(error)
        send(.response(RPCResponse(id: nil, result: .failure(error))))
    }

    private func handle(_ payload: RPCPayload, bytes: Int) {
        switch payload {
        case .single(let entry):
            dispatch(entry, bytes: bytes, batch: nil)
        case .batch(let entries):
            if let maxBatchEntries, entries.count > maxBatchEntries {
                return refuse(.invalidRequest("a batch of \(entries.count) entries exceeds the limit of \(maxBatchEntries); send it in smaller batches"))
            }
            let expected = entries.filter(\.expectsResponse).count
            let share = bytes / max(entries.count, 1)
            // A batch of notifications only is answered with nothing at all.
            let collector = expected == 0 ? nil : BatchCollector(expected: expected, maxBytes: maxMessageBytes) { [unowned self] answer in
                self.send { $0 += answer }
                if max(bytes, answer.count) >= Self.largeMessageBytes { self.releaseFreedMemorySoon() }
            }
            for entry in entries { dispatch(entry, bytes: share, batch: collector) }
        }
    }

    /// A message refused before it reached a handler: the peer is answered (id null) and the
    /// owner told, so the refusal is logged.
    private func refuse(_ error: RPCError, id: RequestID? = nil) {
        onProtocolError?(error)
        send(.response(RPCResponse(id: id, result: .failure(error))))
    }

    /// Answers an entry that never reached a handler, alone or in its batch's answer.
    private func reply(_ response: RPCResponse, in batch: BatchCollector?) {
        if let batch { batch.add(response) } else { send(.response(response)) }
    }

    private func dispatch(_ entry: RPCEntry, bytes: Int, batch: BatchCollector?) {
        switch entry {
        case .invalid(let id, let error):
            onProtocolError?(error)
            reply(RPCResponse(id: id, result: .failure(error)), in: batch)
        case .message(.request(let request)):
            let cost = bytes + Self.pendingRequestAllowance
            let responder = RPCResponder(id: request.id, method: request.method, connection: self, batch: batch, cost: cost)
            // One hash of the id: the pending request it would replace is put back.
            if let pending = incoming.updateValue(responder, forKey: request.id) {
                incoming[request.id] = pending
                let error = RPCError.invalidRequest("request id \(request.id) is already in use by a pending request")
                onProtocolError?(error)
                return reply(RPCResponse(id: request.id, result: .failure(error)), in: batch)
            }
            received(cost: cost)
            guard let onRequest else {
                return responder.fail(.methodNotFound(request.method))
            }
            onRequest(request, responder)
        case .message(.notification(let notification)):
            if handlesCancellation, notification.method == "$/cancelRequest" {
                if let id = requestID(from: notification.carriedParams?.member("id")) {
                    incoming[id]?.cancel()
                }
                return
            }
            onNotification?(notification)
        case .message(.response(let response)):
            guard let id = response.id, let request = completeOutgoing(id) else { return }
            request.complete(response.result)
        }
    }

    private var inputEnded = false
    var hasInputEnded: Bool { inputEnded }

    private func peerEnded(_ end: ReadEnd) {
        inputEnded = true
        guard let onInputEnd else { return close(reason: end) }
        reader.close()
        onInputEnd(end)
    }

    // MARK: Closing

    /// Fails every request still waiting for an answer from the peer.
    public func failOutstandingRequests(with error: RPCError) {
        let requests = outgoing
        outgoing = [:]
        answerLog = []
        for (_, request) in requests { request.complete(.failure(error)) }
    }

    /// Stops reading, fails what is outstanding, and closes once queued writes are out; with
    /// `drainMilliseconds`, writes still queued after that long are dropped (a peer that stopped
    /// reading must not keep this side from ending).
    public func close(reason: ReadEnd = .endOfFile, error: RPCError? = nil, drainMilliseconds: UInt64? = nil) {
        guard !isClosed else { return }
        isClosed = true
        reader.close()
        deadlineTimer?.close()
        deadlineTimer = nil
        framedMessagesTimer?.close()
        framedMessagesTimer = nil
        failOutstandingRequests(with: error ?? RPCError(code: RPCErrorCode.workerFailed, message: "\(name) closed the connection", data: nil))
        // Answers to the requests still unanswered go nowhere now; their responders hold this
        // connection, so the table that holds them goes.
        incoming = [:]
        let handler = onClose
        onClose = nil
        onRequest = nil
        onNotification = nil
        onWriteBackpressure = nil
        handler?(reason)
        let drainTimer = drainMilliseconds.flatMap { _ in try? UVTimer(loop: loop) }
        if let drainMilliseconds, let drainTimer {
            drainTimer.start(after: drainMilliseconds) { [writer] in
                writer.close()
                drainTimer.close()
            }
        }
        writer.closeAfterWrites { drainTimer?.close() }
    }
}

extension RPCEntry {
    /// Whether the peer gets a response for this entry (everything but notifications).
    var expectsResponse: Bool {
        if case .message(.notification) = self { return false }
        if case .message(.response) = self { return false }
        return true
    }
}

/// The id named by `$/cancelRequest` params.
private func requestID(from value: JSONValue?) -> RequestID? {
    switch value {
    case .string(let text)?: return .string(text)
    case let number? where number.intValue != nil: return .number(number.intValue!)
    default: return nil
    }
}
