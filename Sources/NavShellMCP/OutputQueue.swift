import Dispatch
import Foundation
import ProcessSupport
import Synchronization

/// Bytes for a file descriptor, written in order on a serial queue of their own, so a client
/// that stops reading blocks that queue and never the server's tasks. Once a write fails (the
/// reader closed its end) the rest is dropped.
final class OutputQueue: Sendable {
    private let queue: DispatchQueue
    private let fileDescriptor: Int32
    private let closed = Atomic<Bool>(false)

    init(fileDescriptor: Int32, label: String) {
        self.fileDescriptor = fileDescriptor
        queue = DispatchQueue(label: label)
    }

    func write(_ bytes: [UInt8]) {
        queue.async { [self] in
            guard !closed.load(ordering: .relaxed) else { return }
            if !FileOutput.write(bytes, to: fileDescriptor) { closed.store(true, ordering: .relaxed) }
        }
    }

    /// Writes `data` and a newline after it, without copying it first.
    func write(line data: Data) {
        queue.async { [self] in
            guard !closed.load(ordering: .relaxed) else { return }
            let written = data.withUnsafeBytes { FileWriting.writeAll($0, to: fileDescriptor) == 0 } && FileOutput.write([0x0A], to: fileDescriptor)
            if !written { closed.store(true, ordering: .relaxed) }
        }
    }

    /// Returns once everything queued before the call is written, or the descriptor has closed.
    func flush() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }
}

enum FileOutput {
    /// Writes all of `bytes`, blocking; false when the descriptor would take no more.
    @discardableResult
    static func write(_ bytes: [UInt8], to fileDescriptor: Int32) -> Bool {
        FileWriting.writeAll(bytes, to: fileDescriptor) == 0
    }

    static func write(_ text: String, to fileDescriptor: Int32) {
        write(Array(text.utf8), to: fileDescriptor)
    }
}
