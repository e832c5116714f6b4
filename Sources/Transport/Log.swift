import NavProtocol
import UVKit

/// Writes log lines to stderr through the loop. If nobody reads stderr, lines past a bound are
/// dropped (and counted) rather than ever blocking the loop; stdout is never touched.
public final class Log {
    public var level: LogLevel
    private let sink: ByteWriter?
    private let label: String
    private var droppedLines = 0
    private static let maxPendingBytes = 1 << 20

    public init(loop: UVLoop, level: LogLevel, label: String) {
        self.level = level
        self.label = label
        sink = try? StandardIO.output(loop: loop, fileDescriptor: 2)
        if let pipe = sink as? UVHandle { pipe.unref() }
    }

    public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }
    public func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public func error(_ message: @autoclosure () -> String) { write(.error, message) }

    /// Writes a line as it is, for forwarding another process's log.
    public func forward(_ line: String) {
        emit(line)
    }

    private func write(_ messageLevel: LogLevel, _ message: () -> String) {
        guard messageLevel >= level else { return }
        emit("[\(label)] \(messageLevel.name): \(message())")
    }

    private func emit(_ line: String) {
        guard let sink else { return }
        if sink.pendingWriteBytes > Log.maxPendingBytes {
            droppedLines += 1
            return
        }
        if droppedLines > 0 {
            sink.write(Array("[\(label)] warning: \(droppedLines) log lines dropped: stderr was not being read\n".utf8))
            droppedLines = 0
        }
        sink.write(Array((line + "\n").utf8))
    }

    public func close() {
        (sink as? UVHandle)?.ref()
        sink?.closeAfterWrites {}
    }
}
