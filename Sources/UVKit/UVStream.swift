import CUV

/// A libuv stream (pipe or TTY) with chunked reads and queued writes.
public class UVStream: UVHandle, ByteReader, ByteWriter {
    public var onRead: ((UnsafeRawBufferPointer) -> Void)?
    public var onEnd: ((ReadEnd) -> Void)?
    public var onWriteError: ((UVError) -> Void)?
    public var onDrain: (() -> Void)?
    private var readBuffer: UnsafeMutableRawPointer?
    private static let readBufferSize = 64 * 1024
    private var writesInFlight = 0
    private var writeFailed = false
    /// Bytes written this loop turn, handed to the kernel together at the loop's `TurnEnd`.
    private var batch: [UInt8] = []
    /// Whether the loop's `TurnEnd` will flush this stream at the end of the turn: once per
    /// turn, however often `write` hands bytes over early.
    private var isScheduled = false
    /// Whether writes wait for the end of the loop turn (see `TurnEnd`). A synchronous
    /// client that runs its loop only while it waits for an answer turns this off, so what it
    /// sends leaves at once.
    public var coalescesWrites = true
    private var drainWaiters: [() -> Void] = []
    /// Whether a read that fills the buffer ends this stream's reading for the turn (see
    /// `TurnEnd`): set on a stream of requests, whose handling makes work elsewhere, so the
    /// loop gets to the other streams between its buffers. Off, libuv reads on while reads
    /// fill the buffer, as suits a stream of answers to drain.
    public var pacesReads = false
    /// Reading as the owner last asked (`startReading`, `stopReading`), whatever the pacing does.
    private var wantsToRead = false
    /// Whether reading stopped for the rest of this turn, to start again at the loop's `TurnEnd`.
    private var isPaced = false

    var stream: UnsafeMutablePointer<uv_stream_t> { memory.assumingMemoryBound(to: uv_stream_t.self) }

    public func startReading() throws(UVError) {
        guard !isClosing else { throw UVError.cancelled }
        wantsToRead = true
        // Paced: the loop's `TurnEnd` starts it before the loop next waits.
        guard !isPaced else { return }
        try beginReading()
    }

    public func stopReading() {
        wantsToRead = false
        guard !isClosing else { return }
        uv_read_stop(stream)
    }

    /// The paced turn has ended: read again, unless the owner stopped reading meanwhile.
    func resumeAfterPacing() {
        isPaced = false
        guard wantsToRead, !isClosing else { return }
        do throws(UVError) {
            try beginReading()
        } catch {
            wantsToRead = false
            onEnd?(.failed(error))
        }
    }

    private func beginReading() throws(UVError) {
        try uvCheck(uv_read_start(stream, { handle, _, buffer in
            guard let buffer else { return }
            guard let memory = UVHandle.withOwner(of: UnsafeMutableRawPointer(handle), as: UVStream.self, { $0.sharedReadBuffer() }) else {
                buffer.pointee = uv_buf_init(nil, 0)
                return
            }
            buffer.pointee = uv_buf_init(memory.assumingMemoryBound(to: CChar.self), UInt32(UVStream.readBufferSize))
        }, { handle, count, _ in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(handle), as: UVStream.self) { $0.didRead(count: count) }
        }))
    }

    /// libuv hands the buffer back at once in the read callback, so one buffer per stream serves all reads.
    private func sharedReadBuffer() -> UnsafeMutableRawPointer {
        if let readBuffer { return readBuffer }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: UVStream.readBufferSize, alignment: 16)
        readBuffer = buffer
        return buffer
    }

    private func didRead(count: Int) {
        if count > 0, let readBuffer {
            onRead?(UnsafeRawBufferPointer(start: readBuffer, count: count))
            // A full buffer: more is likely waiting, and the other streams wait for this turn.
            if pacesReads, count == UVStream.readBufferSize, wantsToRead, !isClosing, loop.turnEnd?.resume(self) == true {
                isPaced = true
                uv_read_stop(stream)
            }
        } else if count < 0 {
            stopReading()
            let error = UVError(Int32(count))
            onEnd?(error == .endOfFile ? .endOfFile : .failed(error))
        }
    }

    public var pendingWriteBytes: Int { isClosing ? 0 : batch.count + uv_stream_get_write_queue_size(stream) }

    public func write(_ bytes: [UInt8]) {
        guard !isClosing, !writeFailed, !bytes.isEmpty else { return }
        guard joinsTheTurnsBatch() else { return writeNow(bytes) }
        // The first bytes of a turn are taken as they are, unless the buffer kept from the last
        // hand-over has room for them.
        if batch.isEmpty && batch.capacity < bytes.count { batch = bytes } else { batch += bytes }
        handOverIfLong()
    }

    /// Appends what `body` writes to this turn's bytes: a message is serialized straight into
    /// the stream's buffer, which is kept from turn to turn (no array per message).
    public func write(appending body: (inout [UInt8]) -> Void) {
        guard !isClosing, !writeFailed else { return }
        guard joinsTheTurnsBatch() else {
            var bytes: [UInt8] = []
            body(&bytes)
            return writeNow(bytes)
        }
        body(&batch)
        handOverIfLong()
    }

    /// Whether what is written now waits for the turn's end: true once the loop's `TurnEnd` has
    /// this stream scheduled; false for a stream that writes at once.
    private func joinsTheTurnsBatch() -> Bool {
        if isScheduled { return true }
        guard coalescesWrites, loop.turnEnd?.flush(self) == true else { return false }
        isScheduled = true
        return true
    }

    private func handOverIfLong() {
        // A long turn (a burst of pipelined requests read in one go) hands its bytes over as
        // they reach a quarter of a pipe's buffer, so the reader downstream starts on them
        // while this side is still working: held to the end of the turn, the two sides took
        // turns instead of working together.
        if batch.count >= Self.streamingBatchBytes { handOver() }
    }

    /// Gives the batch's bytes to the kernel (what it does not take now is copied into a queued
    /// write). The buffer is kept for the next bytes, so neither a burst nor the next turn grows
    /// one again from nothing, unless one large message made it large: its memory goes back, as
    /// after any large message.
    private func handOver() {
        writeNow(batch)
        batch.removeAll(keepingCapacity: batch.capacity <= Self.keptBatchCapacity)
    }

    /// See `write`: a quarter of Linux's default pipe buffer (64 KiB).
    static let streamingBatchBytes = 16 * 1024
    /// The largest buffer a hand-over keeps for the next bytes.
    static let keptBatchCapacity = 256 * 1024

    /// Hands this turn's bytes to the kernel (called by the loop's `TurnEnd`).
    func flushBatch() {
        isScheduled = false
        guard !batch.isEmpty else {
            // Handed over early (`write`): the drain is still this turn's to report.
            if writesInFlight == 0, !isClosing { drained() }
            return
        }
        guard !isClosing, !writeFailed else {
            batch = []
            return
        }
        handOver()
        if writesInFlight == 0 { drained() }
    }

    private func writeNow(_ bytes: [UInt8]) {
        var offset = 0
        if writesInFlight == 0 {
            // Nothing queued: try the kernel directly and queue only what it did not take.
            let written = bytes.withUnsafeBytes { raw -> Int32 in
                var buffer = uv_buf_init(UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
                return uv_try_write(stream, &buffer, 1)
            }
            if written >= 0 {
                offset = Int(written)
            } else if written != UVError.wouldBlock.code {
                failWrites(UVError(written))
                return
            }
            if offset == bytes.count { return }
        }
        let request = WriteRequest(bytes: bytes[offset...])
        let status = uv_write(request.request, stream, &request.buffer, 1) { request, status in
            guard let request, let data = request.pointee.data else { return }
            let pending = Unmanaged<WriteRequest>.fromOpaque(data).takeRetainedValue()
            pending.owner?.didWrite(status: status)
        }
        if status < 0 {
            failWrites(UVError(status))
            return
        }
        request.owner = self
        request.retainUntilDone()
        writesInFlight += 1
    }

    private func didWrite(status: Int32) {
        writesInFlight -= 1
        if status < 0, status != UVError.cancelled.code {
            failWrites(UVError(status))
        }
        if writesInFlight == 0 && batch.isEmpty { drained() }
    }

    private func drained() {
        onDrain?()
        guard !drainWaiters.isEmpty else { return }
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter() }
    }

    private func failWrites(_ error: UVError) {
        guard !writeFailed else { return }
        writeFailed = true
        onWriteError?(error)
    }

    public func closeAfterWrites(_ done: @escaping () -> Void) {
        onClose(done)
        if !isClosing, !writeFailed, !batch.isEmpty {
            let bytes = batch
            batch = []
            writeNow(bytes)
        }
        if writesInFlight == 0 || isClosing {
            close()
        } else {
            drainWaiters.append { [weak self] in self?.close() }
        }
    }

    override func willClose() {
        // Bytes written this turn reach the kernel before the close, as they would have without
        // the batching: one attempt, as much as the pipe takes now (queued writes are cancelled).
        if !batch.isEmpty, writesInFlight == 0, !writeFailed {
            batch.withUnsafeBytes { raw in
                var buffer = uv_buf_init(UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
                _ = uv_try_write(stream, &buffer, 1)
            }
        }
        onRead = nil
        onEnd = nil
        onDrain = nil
        onWriteError = nil
        drainWaiters = []
        batch = []
        readBuffer?.deallocate()
        readBuffer = nil
    }
}

/// One queued write: the request and its own copy of the bytes, freed when libuv calls back.
private final class WriteRequest {
    let request: UnsafeMutablePointer<uv_write_t>
    let storage: UnsafeMutableRawBufferPointer
    var buffer: uv_buf_t
    weak var owner: UVStream?

    init(bytes: ArraySlice<UInt8>) {
        request = .allocate(capacity: 1)
        storage = .allocate(byteCount: bytes.count, alignment: 1)
        storage.copyBytes(from: bytes)
        buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
    }

    func retainUntilDone() {
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    deinit {
        storage.deallocate()
        request.deallocate()
    }
}

/// An anonymous pipe: a child's stdio, or an inherited file descriptor.
public final class UVPipe: UVStream {
    public init(loop: UVLoop) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_pipe_t>.size) { memory in
            uv_pipe_init(loop.raw, memory.assumingMemoryBound(to: uv_pipe_t.self), 0)
        }
    }

    /// Wraps an open file descriptor (such as 0 or 1) that is a pipe or socket.
    public convenience init(loop: UVLoop, fileDescriptor: Int32) throws(UVError) {
        try self.init(loop: loop)
        do {
            try open(fileDescriptor)
        } catch {
            close()
            throw error
        }
    }

    /// Makes `fileDescriptor` this pipe's (libuv sets it non-blocking); closing the pipe closes it.
    func open(_ fileDescriptor: Int32) throws(UVError) {
        try uvCheck(uv_pipe_open(memory.assumingMemoryBound(to: uv_pipe_t.self), fileDescriptor))
    }
}

/// A terminal on one of the standard descriptors.
public final class UVTTY: UVStream {
    public init(loop: UVLoop, fileDescriptor: Int32) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_tty_t>.size) { memory in
            uv_tty_init(loop.raw, memory.assumingMemoryBound(to: uv_tty_t.self), fileDescriptor, 0)
        }
    }
}
