/// Coalesces the writes one loop turn makes to a stream into one `write(2)`: a stream's bytes
/// wait in the stream until just before the loop next waits for I/O (libuv's prepare phase),
/// then go to the kernel together. Nothing waits longer than the rest of the turn it was written
/// in, and a burst of pipelined answers costs one system call per stream instead of one each.
/// A stream hands its bytes over early once 16 KiB wait (`UVStream.write`), so a long turn
/// streams to the reader downstream instead of making it wait for the turn's end.
///
/// The prepare handle is referenced only while some stream has bytes waiting, so waiting bytes
/// keep the loop running until they are handed over, and an idle batcher never does.
final class WriteBatcher {
    private let prepare: UVPrepare
    private var waiting: [UVStream] = []

    init(loop: UVLoop) throws(UVError) {
        prepare = try UVPrepare(loop: loop)
        prepare.start { [unowned self] in self.flush() }
        prepare.unref()
    }

    /// False once the loop closed its handles: the stream then writes at once.
    func schedule(_ stream: UVStream) -> Bool {
        guard !prepare.isClosing else { return false }
        if waiting.isEmpty { prepare.ref() }
        waiting.append(stream)
        return true
    }

    private func flush() {
        guard !waiting.isEmpty else { return }
        // By index: a flush may schedule a stream again (a drain handler that writes); it is
        // flushed in this same pass.
        var index = 0
        while index < waiting.count {
            waiting[index].flushBatch()
            index += 1
        }
        waiting.removeAll(keepingCapacity: true)
        prepare.unref()
    }
}
