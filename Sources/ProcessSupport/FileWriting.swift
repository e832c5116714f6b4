import Glibc

/// A whole buffer written to a file descriptor with write(2), for the writers that may block
/// until it is all written (a tool's report on stdout, a worker's fault injection, a regular
/// file given as navhost's output). The benchmark's client keeps its own loop: it writes
/// against a deadline.
public enum FileWriting {
    /// Writes all of `bytes`, again after EINTR and, with `waitingWhenFull`, after EAGAIN (a
    /// non-blocking descriptor whose pipe is full: it polls for room). Returns 0 when all was
    /// written, else the errno that stopped it (a write that wrote nothing is EIO).
    @discardableResult
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32, waitingWhenFull: Bool = false) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0 else { return EIO }
            let failure = errno
            if failure == EINTR { continue }
            guard waitingWhenFull, failure == EAGAIN else { return failure }
            var poller = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, 1000)
        }
        return 0
    }

    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32, waitingWhenFull: Bool = false) -> Int32 {
        bytes.withUnsafeBytes { writeAll($0, to: fileDescriptor, waitingWhenFull: waitingWhenFull) }
    }
}
