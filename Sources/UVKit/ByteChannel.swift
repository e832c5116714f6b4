/// How a read side ended.
public enum ReadEnd: Sendable, Equatable {
    case endOfFile
    case failed(UVError)
}

/// Something that delivers bytes as they arrive: a pipe, a TTY, a regular file.
public protocol ByteReader: AnyObject {
    /// Called with each chunk; the buffer is valid only during the call.
    var onRead: ((UnsafeRawBufferPointer) -> Void)? { get set }
    /// Called once when no more bytes will come.
    var onEnd: ((ReadEnd) -> Void)? { get set }
    func startReading() throws(UVError)
    func stopReading()
    func close()
}

/// Something that takes bytes in order: a pipe, a TTY, a regular file.
public protocol ByteWriter: AnyObject {
    /// Queues bytes; they are written in order. A failure is reported once through `onWriteError`.
    func write(_ bytes: [UInt8])
    /// Queues the bytes `body` appends to the buffer it is given: a writer that gathers its
    /// writes lets them be serialized straight into its own buffer, with no array of their own.
    func write(appending body: (inout [UInt8]) -> Void)
    /// Bytes accepted but not yet handed to the kernel: the backpressure gauge.
    var pendingWriteBytes: Int { get }
    /// Called at most once, when a write fails (the reader went away: EPIPE).
    var onWriteError: ((UVError) -> Void)? { get set }
    /// Called each time the queue drains to empty.
    var onDrain: (() -> Void)? { get set }
    /// Closes once every queued byte is written (or writing failed).
    func closeAfterWrites(_ done: @escaping () -> Void)
    func close()
}

extension ByteWriter {
    public func write(appending body: (inout [UInt8]) -> Void) {
        var bytes: [UInt8] = []
        body(&bytes)
        write(bytes)
    }
}
