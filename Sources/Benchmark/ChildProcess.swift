import Glibc
import NavProtocol

/// A child process with pipes on its stdin and stdout, driven synchronously with poll(2) and
/// deadlines: the benchmark's client side stays as thin as the C ping_client, with no event loop
/// of its own competing for the two cores. stderr goes to a log file, so errors can name it.
final class ChildProcess {
    let pid: pid_t
    let commandLine: String
    private var inputFD: Int32
    private let outputFD: Int32
    private var buffer: [UInt8] = []
    /// Bytes before this index were already handed out as lines.
    private var consumed = 0
    /// Where each read lands before joining `buffer` (one allocation, not one per read).
    private var readChunk = [UInt8](repeating: 0, count: 65536)
    private(set) var outputEnded = false
    private var exitStatus: Int32?

    init(_ arguments: [String], stderrPath: String) throws(BenchError) {
        commandLine = arguments.joined(separator: " ")
        guard let executable = arguments.first else { throw .spawnFailed("an empty command") }
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        // Close-on-exec on the parent's ends, so no other child holds them open and EOF arrives.
        guard pipe(&toChild) == 0 else { throw .spawnFailed("pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            throw .spawnFailed("pipe: \(String(cString: strerror(errno)))")
        }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard result == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw .spawnFailed("\(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        inputFD = toChild[1]
        outputFD = fromChild[0]
    }

    deinit {
        closeInput()
        close(outputFD)
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    // MARK: Writing

    func write(_ bytes: [UInt8], deadline: Deadline) throws(BenchError) {
        // The write first (the input is non-blocking), a poll only when the pipe is full: a timed
        // round trip's request goes out in one system call, as ping_client's does.
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(inputFD, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else {
                    throw .ended("\(commandLine) stopped reading its input (\(String(cString: strerror(errno))))")
                }
                try waitFor(inputFD, events: Int16(POLLOUT), deadline: deadline, what: "room to write to \(commandLine)")
                continue
            }
            offset += written
        }
    }

    /// Sends EOF to the child.
    func closeInput() {
        if inputFD >= 0 {
            close(inputFD)
            inputFD = -1
        }
    }

    // MARK: Reading

    /// The next line of output, without its newline.
    func readLine(deadline: Deadline) throws(BenchError) -> ArraySlice<UInt8> {
        while true {
            if let line = takeLine() { return line }
            guard try fill(deadline: deadline) else { throw .ended("\(commandLine) closed its output") }
        }
    }

    /// Everything the child writes until it closes its output.
    func readToEnd(deadline: Deadline) throws(BenchError) -> String {
        while try fill(deadline: deadline) {}
        let text = String(decoding: buffer[consumed...], as: UTF8.self)
        consumed = buffer.count
        return text
    }

    /// Writes `bytes` while reading, so neither side blocks on a full pipe, and returns once
    /// `replies` lines matching `isReply` have arrived.
    func pipeline(_ bytes: [UInt8], replies: Int, isReply: (ArraySlice<UInt8>) -> Bool, deadline: Deadline) throws(BenchError) {
        var offset = 0
        var seen = 0
        while seen < replies {
            while let line = takeLine() {
                if isReply(line) { seen += 1 }
            }
            if seen >= replies { break }
            var fds = [pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)]
            if offset < bytes.count { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), deadline.remainingMilliseconds)
            if ready == 0 || deadline.hasPassed { throw .timedOut("\(seen) of \(replies) pipelined replies from \(commandLine)") }
            if ready < 0 { continue }
            if fds.count > 1, fds[1].revents != 0 {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(inputFD, $0.baseAddress, min($0.count, 65536)) }
                if written > 0 { offset += written } else if errno != EINTR && errno != EAGAIN {
                    throw .ended("\(commandLine) stopped reading its input")
                }
            }
            if fds[0].revents != 0, try !readOnce() { throw .ended("\(commandLine) closed its output after \(seen) replies") }
        }
    }

    private func takeLine() -> ArraySlice<UInt8>? {
        // memchr, not a generic firstIndex: this runs on every answer of a pipelined run.
        guard let newline = buffer.withUnsafeBufferPointer({ $0.index(ofByte: UInt8(ascii: "\n"), in: consumed..<$0.count) }) else {
            compact()
            return nil
        }
        let line = buffer[consumed..<newline]
        consumed = newline + 1
        return line
    }

    /// Drops handed-out bytes once they dominate the buffer.
    private func compact() {
        if consumed > 0 && consumed * 2 >= buffer.count {
            buffer.removeSubrange(0..<consumed)
            consumed = 0
        }
    }

    /// Reads once when data is ready; false at EOF.
    private func fill(deadline: Deadline) throws(BenchError) -> Bool {
        guard !outputEnded else { return false }
        try waitFor(outputFD, events: Int16(POLLIN), deadline: deadline, what: "output from \(commandLine)")
        return try readOnce()
    }

    private func readOnce() throws(BenchError) -> Bool {
        let count = readChunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            throw .ended("reading from \(commandLine): \(String(cString: strerror(errno)))")
        }
        if count == 0 {
            outputEnded = true
            return false
        }
        buffer.append(contentsOf: readChunk[0..<count])
        return true
    }

    private func waitFor(_ fd: Int32, events: Int16, deadline: Deadline, what: String) throws(BenchError) {
        while true {
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            throw .timedOut(what)
        }
    }

    // MARK: Exit

    /// Waits for the child to exit, killing it when the deadline passes; returns the wait status.
    @discardableResult
    func wait(deadline: Deadline) -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if deadline.hasPassed {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(100)
        }
        exitStatus = status
        return status
    }
}
