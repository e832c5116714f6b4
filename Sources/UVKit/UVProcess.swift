import CUV
import Glibc
import ProcessSupport

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

/// A child process, started with `posix_spawn`; its exit is reported on the loop, which watches
/// a pidfd of the child (readable once it exits) and then reaps it.
///
/// Not libuv's `uv_spawn`: that forks the parent, copying its page tables, and blocks the loop
/// until the child has exec'd, about half a millisecond for navhost, on every push
/// (docs/performance.md). glibc's `posix_spawn` shares the parent's memory until the exec and
/// suspends the parent only that long. What `uv_spawn` did in the child is done here too: the
/// child's 0, 1 and 2 are its pipe ends or /dev/null, every signal has its default action (but
/// glibc's own two real-time ones, which the child's libc sets again) and none is blocked, and a
/// command without a slash is looked up in the PATH of the child's environment.
///
/// Where pidfd_open(2) is refused (Linux before 5.3, a container whose seccomp profile predates
/// it, valgrind 3.19), each child's exit is found instead by a waitpid on every SIGCHLD, as
/// libuv does: a signal watcher started before the spawn, so no exit can come before it.
public final class UVProcess: UVHandle {
    /// How a child's exit is seen.
    enum ExitWatch {
        /// A pidfd of the child, readable once it exits.
        case pidfd
        /// A SIGCHLD watcher that asks whether it was this child.
        case childSignal

        /// Probed once, on this process's own pid.
        static let available: ExitWatch = {
            let descriptor = cuv_pidfd_open(getpid())
            guard descriptor >= 0 else { return .childSignal }
            _ = Glibc.close(descriptor)
            return .pidfd
        }()
    }

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

        /// What a spawn that fails does with the streams it was given.
        func closeStreams() {
            for stream in [stdin, stdout, stderr] { stream?.close() }
        }
    }

    /// Set once the child is spawned (with `.childSignal`, the watcher is started first).
    public private(set) var pid: Int32 = 0
    /// How long the spawn held the caller (the loop) in microseconds: `posix_spawn` returns once
    /// the child has exec'd. navhost logs it with each worker it starts.
    public private(set) var spawnMicroseconds: Double = 0
    public private(set) var exitStatus: ProcessExitStatus?
    private var onExit: ((ProcessExitStatus) -> Void)?
    private let watch: ExitWatch
    /// With `.pidfd`: readable once the child exits; closed after the poll handle watching it is.
    private var exitDescriptor: Int32 = -1

    /// Spawns the child. On failure nothing is left running, the streams are closed and the
    /// error thrown.
    public convenience init(loop: UVLoop, options: Options, onExit: @escaping (ProcessExitStatus) -> Void) throws(UVError) {
        try self.init(loop: loop, options: options, watch: ExitWatch.available, onExit: onExit)
    }

    convenience init(loop: UVLoop, options: Options, watch: ExitWatch, onExit: @escaping (ProcessExitStatus) -> Void) throws(UVError) {
        switch watch {
        case .pidfd: try self.init(watchingPidfdOf: options, loop: loop, onExit: onExit)
        case .childSignal: try self.init(watchingSignalsFor: options, loop: loop, onExit: onExit)
        }
    }

    private init(watchingPidfdOf options: Options, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws(UVError) {
        let child: (pid: Int32, exitDescriptor: Int32)
        let spawnStart = uv_hrtime()
        do {
            child = try UVProcess.spawn(options, watch: .pidfd)
        } catch {
            options.closeStreams()
            throw error
        }
        // A child that cannot be watched would never be reaped: it is ended instead.
        func abandon() {
            UVProcess.end(child.pid)
            options.closeStreams()
        }
        watch = .pidfd
        pid = child.pid
        exitDescriptor = child.exitDescriptor
        spawnMicroseconds = Double(uv_hrtime() - spawnStart) / 1000
        self.onExit = onExit
        try super.init(loop: loop, size: MemoryLayout<uv_poll_t>.size) { memory in
            let status = uv_poll_init(loop.raw, memory.assumingMemoryBound(to: uv_poll_t.self), child.exitDescriptor)
            if status < 0 {
                abandon()
                _ = Glibc.close(child.exitDescriptor)
            }
            return status
        }
        // From here the descriptor goes with the handle, once libuv no longer watches it.
        onClose { [exitDescriptor] in _ = Glibc.close(exitDescriptor) }
        let watching = uv_poll_start(memory.assumingMemoryBound(to: uv_poll_t.self), Int32(UV_READABLE.rawValue)) { poll, _, _ in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(poll), as: UVProcess.self) { $0.reap() }
        }
        if watching < 0 {
            abandon()
            self.onExit = nil
            close()
            throw UVError(watching)
        }
    }

    private init(watchingSignalsFor options: Options, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws(UVError) {
        watch = .childSignal
        self.onExit = onExit
        try super.init(loop: loop, size: MemoryLayout<uv_signal_t>.size) { memory in
            let status = uv_signal_init(loop.raw, memory.assumingMemoryBound(to: uv_signal_t.self))
            if status < 0 { options.closeStreams() }
            return status
        }
        // The watcher before the child: a child that exits at once still raises a SIGCHLD it hears.
        let watching = uv_signal_start(memory.assumingMemoryBound(to: uv_signal_t.self), { signal, _ in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(signal), as: UVProcess.self) { $0.reap() }
        }, SIGCHLD)
        let spawnStart = uv_hrtime()
        do throws(UVError) {
            if watching < 0 { throw UVError(watching) }
            pid = try UVProcess.spawn(options, watch: .childSignal).pid
        } catch {
            options.closeStreams()
            self.onExit = nil
            close()
            throw error
        }
        spawnMicroseconds = Double(uv_hrtime() - spawnStart) / 1000
    }

    /// Sends a signal; a process that already exited is not an error. The child is reaped only
    /// once its exit is seen here, so until then its pid cannot name another process.
    @discardableResult
    public func kill(_ signal: Int32) -> UVError? {
        guard !isClosing, exitStatus == nil else { return nil }
        return Glibc.kill(pid, signal) == 0 ? nil : UVError(-errno)
    }

    /// With `.childSignal`, runs on every SIGCHLD, whichever child it was for.
    private func reap() {
        guard pid > 0, exitStatus == nil else { return }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped != 0 else { return }
        switch watch {
        case .pidfd: uv_poll_stop(memory.assumingMemoryBound(to: uv_poll_t.self))
        case .childSignal: uv_signal_stop(memory.assumingMemoryBound(to: uv_signal_t.self))
        }
        // -1 only if something else reaped it (nothing in NavShell waits for any child).
        let exit = reaped < 0 ? ProcessExitStatus(exitCode: -1, signal: 0) : ProcessExitStatus(waitStatus: status)
        exitStatus = exit
        let handler = onExit
        onExit = nil
        handler?(exit)
    }

    override func willClose() {
        onExit = nil
    }

    /// Kills and reaps a child that cannot be watched.
    private static func end(_ pid: Int32) {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// The child's pid and, with `.pidfd`, its pidfd (-1 otherwise).
    private static func spawn(_ options: Options, watch: ExitWatch) throws(UVError) -> (pid: Int32, exitDescriptor: Int32) {
        let pipes = try ChildPipes([options.stdin, options.stdout, options.stderr], stdoutCapacity: options.stdoutCapacity)
        defer { pipes.closeChildEnds() }
        guard let path = executablePath(options.executable, environment: options.environment) else { throw UVError(-ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, end) in pipes.childEnds.enumerated() {
            if let end {
                posix_spawn_file_actions_adddup2(&actions, end, Int32(stream))
            } else {
                posix_spawn_file_actions_addopen(&actions, Int32(stream), "/dev/null", O_RDWR, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ([options.executable] + options.arguments).map { strdup($0) } + [nil]
        let environment = options.environment.map { strdup($0) } + [nil]
        defer { for pointer in arguments + environment { free(pointer) } }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, path, &actions, &attributes, arguments, environment)
        guard failed == 0 else { throw UVError(-failed) }
        guard watch == .pidfd else { return (pid, -1) }
        let exitDescriptor = cuv_pidfd_open(pid)
        guard exitDescriptor >= 0 else {
            let error = UVError(-errno)
            end(pid)
            throw error
        }
        return (pid, exitDescriptor)
    }

    /// `executable` found in the PATH of the child's environment (execvp's default when it has
    /// none), as `uv_spawn`'s execvp in the child found it.
    static func executablePath(_ executable: String, environment: [String]) -> String? {
        let path = environment.last { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) } ?? "/bin:/usr/bin"
        return ExecutableSearch.find(executable, inPath: path)
    }
}

extension ProcessExitStatus {
    /// From a wait status: the exit code of a child that exited, the signal of one killed.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self.init(exitCode: signal == 0 ? Int64((status >> 8) & 0xff) : 0, signal: signal)
    }
}
