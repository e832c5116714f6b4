import CUV
import Glibc
import ProcessSupport

/// Reads a regular file (stdin redirected from a file) with libuv's asynchronous fs requests,
/// because epoll cannot watch regular files.
public final class UVFileReader: ByteReader {
    public var onRead: ((UnsafeRawBufferPointer) -> Void)?
    public var onEnd: ((ReadEnd) -> Void)?
    private unowned let loop: UVLoop
    private let fileDescriptor: Int32
    private let request = UnsafeMutablePointer<uv_fs_t>.allocate(capacity: 1)
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private var wantsData = false
    private var readInFlight = false
    private var isClosed = false

    public init(loop: UVLoop, fileDescriptor: Int32) {
        self.loop = loop
        self.fileDescriptor = fileDescriptor
    }

    deinit {
        request.deallocate()
        buffer.deallocate()
    }

    public func startReading() throws(UVError) {
        wantsData = true
        try readNext()
    }

    public func stopReading() {
        wantsData = false
    }

    public func close() {
        isClosed = true
        wantsData = false
        onRead = nil
        onEnd = nil
    }

    private func readNext() throws(UVError) {
        guard wantsData, !readInFlight, !isClosed else { return }
        var chunk = uv_buf_init(buffer.assumingMemoryBound(to: CChar.self), 64 * 1024)
        // The request holds a retain on this reader until its callback runs.
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
        let status = uv_fs_read(loop.raw, request, fileDescriptor, &chunk, 1, -1) { request in
            guard let request, let data = request.pointee.data else { return }
            let reader = Unmanaged<UVFileReader>.fromOpaque(data).takeRetainedValue()
            let result = request.pointee.result
            uv_fs_req_cleanup(request)
            reader.didRead(result: result)
        }
        if status < 0 {
            Unmanaged<UVFileReader>.fromOpaque(request.pointee.data!).release()
            throw UVError(status)
        }
        readInFlight = true
    }

    private func didRead(result: Int) {
        readInFlight = false
        guard !isClosed else { return }
        if result > 0 {
            onRead?(UnsafeRawBufferPointer(start: buffer, count: result))
            do { try readNext() } catch { onEnd?(.failed(error)) }
        } else if result == 0 {
            onEnd?(.endOfFile)
        } else {
            onEnd?(.failed(UVError(Int32(result))))
        }
    }
}

/// Writes to a regular file (stdout redirected to a file). A regular file never applies
/// backpressure, so plain blocking writes are what libuv itself would do on its thread pool.
public final class UVFileWriter: ByteWriter {
    public var onWriteError: ((UVError) -> Void)?
    public var onDrain: (() -> Void)?
    private let fileDescriptor: Int32
    private var failed = false

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    public var pendingWriteBytes: Int { 0 }

    public func write(_ bytes: [UInt8]) {
        guard !failed else { return }
        let failure = FileWriting.writeAll(bytes, to: fileDescriptor)
        if failure != 0 {
            failed = true
            onWriteError?(UVError(-failure))
        }
    }

    public func closeAfterWrites(_ done: @escaping () -> Void) {
        done()
    }

    public func close() {}
}

/// Opens the process's standard input and output as whatever they are: pipe, TTY or file.
public enum StandardIO {
    public static func input(loop: UVLoop, fileDescriptor: Int32 = 0) throws(UVError) -> ByteReader {
        switch uv_guess_handle(fileDescriptor) {
        case UV_TTY: return try UVTTY(loop: loop, fileDescriptor: fileDescriptor)
        case UV_FILE: return UVFileReader(loop: loop, fileDescriptor: fileDescriptor)
        case UV_UNKNOWN_HANDLE: throw UVError(Int32(UV_EBADF.rawValue))
        default: return try UVPipe(loop: loop, fileDescriptor: fileDescriptor)
        }
    }

    public static func output(loop: UVLoop, fileDescriptor: Int32 = 1) throws(UVError) -> ByteWriter {
        switch uv_guess_handle(fileDescriptor) {
        case UV_TTY: return try UVTTY(loop: loop, fileDescriptor: fileDescriptor)
        case UV_FILE: return UVFileWriter(fileDescriptor: fileDescriptor)
        case UV_UNKNOWN_HANDLE: throw UVError(Int32(UV_EBADF.rawValue))
        default: return try UVPipe(loop: loop, fileDescriptor: fileDescriptor)
        }
    }
}
