import Foundation
import Glibc
import Logging
import MCP
import NavProtocol

/// The MCP stdio transport: newline-delimited JSON-RPC on stdin and stdout, in place of the
/// SDK's own `StdioTransport`, which polls a non-blocking stdin every 10 ms, holds a line of any
/// length in memory, and hands malformed messages to the server (see `MessageCheck`). Here a
/// thread blocks in read(2) and frames what it reads with `MessageFramer` (messages bounded),
/// malformed ones are answered at once, `tools/call` goes through the `ToolCallRelay`, and
/// replies are written by an `OutputQueue`.
actor LineTransport: Transport {
    nonisolated let logger = Logger(label: "navhost-mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
    /// The longest message read; a longer one is refused and skipped up to its newline.
    static let maxMessageBytes = 4 << 20

    private let messages: AsyncThrowingStream<Data, any Error>
    private let messagesContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let input: Int32
    private let output: OutputQueue
    private let relay: ToolCallRelay
    private var reading = false

    init(relay: ToolCallRelay, input: Int32 = 0, output: Int32 = 1) {
        (messages, messagesContinuation) = AsyncThrowingStream.makeStream()
        self.input = input
        self.output = OutputQueue(fileDescriptor: output, label: "navhost-mcp stdout")
        self.relay = relay
    }

    func connect() async throws {}

    /// Starts reading stdin; the server's handlers are in place by then.
    func startReading() {
        guard !reading else { return }
        reading = true
        let (continuation, input, output, relay) = (messagesContinuation, input, output, relay)
        let thread = Thread {
            Self.read(from: input) { body in
                switch Self.route(body, relay: relay) {
                case .deliver(let message): continuation.yield(Data(message))
                case .reply(let reply): output.write(reply + [0x0A])
                case .skip: break
                }
            }
            continuation.finish()
        }
        thread.name = "navhost-mcp stdin"
        thread.start()
    }

    /// Ends the stream of messages, as the end of stdin does: the server then stops.
    func disconnect() async {
        messagesContinuation.finish()
    }

    func send(_ data: Data) async throws {
        if var answer = relay.outbound(data) {
            answer.append(0x0A)
            output.write(answer)
        } else {
            output.write(line: data)
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { messages }

    /// Waits until every reply queued has been written (or stdout has closed).
    func flush() async {
        await output.flush()
    }

    /// What becomes of one framed message (nil: one longer than `maxMessageBytes`).
    enum Routing: Equatable {
        /// Hand these bytes to the SDK.
        case deliver([UInt8])
        /// Answer the client with this error reply.
        case reply([UInt8])
        case skip
    }

    static func route(_ body: [UInt8]?, relay: ToolCallRelay) -> Routing {
        guard let body else {
            return .reply(MessageCheck.reply(code: RPCErrorCode.invalidRequest, "a message longer than \(maxMessageBytes) bytes was dropped").serialized())
        }
        switch MessageCheck.check(body) {
        case .pass(let request?) where request.method == CallTool.name: return .deliver(relay.inbound(request))
        case .pass: return .deliver(body)
        case .skip: return .skip
        case .refuse(let reply): return .reply(reply.serialized())
        }
    }

    /// Reads `fileDescriptor` to its end, handing each framed message (nil for one too long) to `deliver`.
    static func read(from fileDescriptor: Int32, _ deliver: ([UInt8]?) -> Void) {
        var framer = MessageFramer(maxMessageBytes: maxMessageBytes, framing: .newlineDelimited)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            while let event = framer.nextEvent() {
                switch event {
                case .message(let body): deliver(body)
                case .oversized, .malformedHeader: deliver(nil)
                }
            }
        }
    }
}
