import CUV
import Glibc

/// How a child process ended.
public struct ProcessExitStatus: Sendable, Equatable, CustomStringConvertible {
    public var exitCode: Int64
    public var signal: Int32

    public init(exitCode: Int64, signal: Int32) {
        self.exitCode = exitCode
        self.signal = signal
    }

    public var description: String {
        signal != 0 ? "killed by signal \(signal) (\(signalName(signal)))" : "exited with code \(exitCode)"
    }
}

func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGKILL: return "SIGKILL"
    case SIGTERM: return "SIGTERM"
    case SIGSEGV: return "SIGSEGV"
    case SIGABRT: return "SIGABRT"
    case SIGINT: return "SIGINT"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGBUS: return "SIGBUS"
    case SIGPIPE: return "SIGPIPE"
    default: return "signal \(signal)"
    }
}

/// A child process spawned with libuv; its exit is reported on the loop.
public final class UVProcess: UVHandle {
    public struct Options {
        public var executable: String
        public var arguments: [String]
        /// The child's whole environment ("NAME=value"); nothing is inherited implicitly.
        public var environment: [String]
        /// Unopened pipe handles, opened on the parent's end of a pipe made for the child's stdin,
        /// stdout and stderr (``ChildPipes``); nil maps the stream to /dev/null. The caller
        /// closes them after a spawn; a spawn that fails closes them itself.
        public var stdin: UVPipe?
        public var stdout: UVPipe?
        public var stderr: UVPipe?
        /// The kernel buffer of the child's stdout pipe, in bytes; nil keeps the system's 64 KiB.
        public var stdoutCapacity: Int32?

        public init(
            executable: String, arguments: [String], environment: [String], stdin: UVPipe?, stdout: UVPipe?, stderr: UVPipe?,
            stdoutCapacity: Int32? = nil
        ) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
            self.stdoutCapacity = stdoutCapacity
        }
    }

    public private(set) var pid: Int32 = 0
    public private(set) var exitStatus: ProcessExitStatus?
    private var onExit: ((ProcessExitStatus) -> Void)?

    /// Spawns the child. On failure the handle is closed and the error thrown.
    public init(loop: UVLoop, options: Options, onExit: @escaping (ProcessExitStatus) -> Void) throws(UVError) {
        self.onExit = onExit
        var spawnStatus: Int32 = 0
        try super.init(loop: loop, size: MemoryLayout<uv_process_t>.size) { memory in
            spawnStatus = UVProcess.spawn(loop: loop, into: memory.assumingMemoryBound(to: uv_process_t.self), options: options)
            return 0
        }
        if spawnStatus < 0 {
            // libuv requires closing the handle even when uv_spawn failed; the pipes may hold
            // descriptors by now (ChildPipes opens them before the spawn).
            self.onExit = nil
            close()
            for pipe in [options.stdin, options.stdout, options.stderr] { pipe?.close() }
            throw UVError(spawnStatus)
        }
        pid = memory.assumingMemoryBound(to: uv_process_t.self).pointee.pid
    }

    /// Sends a signal; a process that already exited is not an error.
    @discardableResult
    public func kill(_ signal: Int32) -> UVError? {
        guard !isClosing, exitStatus == nil else { return nil }
        let status = uv_process_kill(memory.assumingMemoryBound(to: uv_process_t.self), signal)
        return status < 0 ? UVError(status) : nil
    }

    private func didExit(_ status: ProcessExitStatus) {
        exitStatus = status
        let handler = onExit
        onExit = nil
        handler?(status)
    }

    override func willClose() {
        onExit = nil
    }

    private static func spawn(loop: UVLoop, into process: UnsafeMutablePointer<uv_process_t>, options: Options) -> Int32 {
        let arguments = ([options.executable] + options.arguments).map { strdup($0) }
        let environment = options.environment.map { strdup($0) }
        let file = strdup(options.executable)
        defer {
            arguments.forEach { free($0) }
            environment.forEach { free($0) }
            free(file)
        }
        var argv = arguments + [nil]
        var envp = environment + [nil]
        let pipes: ChildPipes
        do {
            pipes = try ChildPipes([options.stdin, options.stdout, options.stderr], stdoutCapacity: options.stdoutCapacity)
        } catch {
            return error.code
        }
        defer { pipes.closeChildEnds() }
        var stdio = pipes.containers
        return argv.withUnsafeMutableBufferPointer { argv in
            envp.withUnsafeMutableBufferPointer { envp in
                stdio.withUnsafeMutableBufferPointer { stdio in
                    var spawnOptions = uv_process_options_t()
                    spawnOptions.file = UnsafePointer(file)
                    spawnOptions.args = argv.baseAddress
                    spawnOptions.env = envp.baseAddress
                    spawnOptions.stdio = stdio.baseAddress
                    spawnOptions.stdio_count = Int32(stdio.count)
                    spawnOptions.exit_cb = { process, exitCode, signal in
                        UVHandle.withOwner(of: UnsafeMutableRawPointer(process), as: UVProcess.self) {
                            $0.didExit(ProcessExitStatus(exitCode: exitCode, signal: signal))
                        }
                    }
                    return uv_spawn(loop.raw, process, &spawnOptions)
                }
            }
        }
    }
}
