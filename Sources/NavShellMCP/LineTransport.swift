import Foundation
import Glibc
import Logging
import MCP
import NavProtocol

/// The MCP stdio transport: newline-delimited JSON-RPC on stdin and stdout, in place of the
/// SDK's `StdioTransport`, which polls a non-blocking stdin every 10 ms, holds a line of any
/// length in memory, and hands malformed messages to the server (see `MessageCheck`). Here a
/// thread blocks in read(2), lines are bounded, malformed ones are answered at once, and a
/// second thread writes, so a client that stops reading never blocks the server's tasks.
actor LineTransport: Transport {
    nonisolated let logger = Logger(label: "navhost-mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
    /// The longest line read; a longer one is refused and skipped up to its newline.
    static let maxLineBytes = 4 << 20

    private let lines: AsyncThrowingStream<Data, any Error>
    private let linesContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let output = OutputQueue(fileDescriptor: 1)
    private var reading = false

    init() {
        (lines, linesContinuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {}

    /// Starts reading stdin; the server's handlers are in place by then.
    func startReading() {
        guard !reading else { return }
        reading = true
        let continuation = linesContinuation
        let output = output
        let thread = Thread {
            Self.readLines(fileDescriptor: 0, output: output) { line in continuation.yield(line) }
            continuation.finish()
        }
        thread.name = "navhost-mcp stdin"
        thread.start()
    }

    /// Ends the stream of messages, as the end of stdin does: the server then stops.
    func disconnect() async {
        linesContinuation.finish()
    }

    func send(_ data: Data) async throws {
        output.write(Array(data) + [0x0A])
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { lines }

    /// Waits until every reply queued has been written (or stdout has closed).
    func flush() async {
        await output.flush()
    }

    private static func readLines(fileDescriptor: Int32, output: OutputQueue, deliver: (Data) -> Void) {
        var pending: [UInt8] = []
        var skippingLongLine = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var start = 0
            for index in 0..<count where buffer[index] == 0x0A {
                if !skippingLongLine {
                    pending += buffer[start..<index]
                    handle(pending, output: output, deliver: deliver)
                }
                pending.removeAll(keepingCapacity: true)
                skippingLongLine = false
                start = index + 1
            }
            guard !skippingLongLine else { continue }
            pending += buffer[start..<count]
            if pending.count > maxLineBytes {
                pending.removeAll()
                skippingLongLine = true
                output.write(
                    MessageCheck.reply(code: RPCErrorCode.invalidRequest, "a message longer than \(maxLineBytes) bytes was dropped")
                        .serialized() + [0x0A])
            }
        }
    }

    private static func handle(_ line: [UInt8], output: OutputQueue, deliver: (Data) -> Void) {
        switch MessageCheck.check(line) {
        case .pass: deliver(Data(line))
        case .skip: break
        case .refuse(let reply): output.write(reply.serialized() + [0x0A])
        }
    }
}

/// Bytes for a file descriptor, written in order by a thread of their own.
final class OutputQueue: @unchecked Sendable {
    // `chunks`, `writing` and `closed` are guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var writing = false
    private var closed = false
    private let fileDescriptor: Int32

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        let thread = Thread { [self] in serve() }
        thread.name = "navhost-mcp stdout"
        thread.start()
    }

    func write(_ bytes: [UInt8]) {
        condition.lock()
        if !closed { chunks.append(bytes) }
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once everything queued before the call is written, or stdout has closed.
    func flush() async {
        while !isDrained() {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private func isDrained() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return (chunks.isEmpty && !writing) || closed
    }

    private func serve() {
        while true {
            condition.lock()
            while chunks.isEmpty { condition.wait() }
            let bytes = chunks.removeFirst()
            writing = true
            condition.unlock()
            let written = writeAll(bytes)
            condition.lock()
            writing = false
            if !written {
                closed = true
                chunks.removeAll()
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
