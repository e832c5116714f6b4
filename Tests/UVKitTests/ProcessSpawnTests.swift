import Glibc
import Testing
@testable import UVKit

/// What a child starts with, whatever the parent (navhost ignores SIGPIPE), and how its
/// command is found: as `uv_spawn` gave it, now that `UVProcess` spawns with `posix_spawn`.
@Suite struct ProcessSpawnTests {
    /// Runs `executable -c script` (a shell) and returns its exit and what it wrote.
    private func run(
        _ script: String, executable: String = "/bin/sh", environment: [String] = [], watch: UVProcess.ExitWatch = .available
    ) throws -> (ProcessExitStatus?, String) {
        let loop = UVLoop()
        let output = try UVPipe(loop: loop)
        var status: ProcessExitStatus?
        let process = try UVProcess(
            loop: loop,
            options: .init(executable: executable, arguments: ["-c", script], environment: environment, stdin: nil, stdout: output, stderr: nil),
            watch: watch
        ) { status = $0 }
        var said = ""
        var ended = false
        output.onRead = { said += String(decoding: $0, as: UTF8.self) }
        output.onEnd = { _ in ended = true }
        try output.startReading()
        #expect(loop.run { status != nil && ended })
        output.close()
        process.close()
        loop.run()
        loop.close()
        return (status, said)
    }

    /// Whichever way its exit is watched (a pidfd, or SIGCHLD where pidfd_open is refused).
    @Test(arguments: [UVProcess.ExitWatch.pidfd, .childSignal])
    func whatTheChildWritesAndHowItEndedArrive(watch: UVProcess.ExitWatch) throws {
        let (status, said) = try run("echo hello; exit 7", watch: watch)
        #expect(said == "hello\n")
        #expect(status == ProcessExitStatus(exitCode: 7, signal: 0))
    }

    @Test func theChildStartsWithEverySignalAtItsDefaultAndNoneBlocked() throws {
        // The parent ignores SIGPIPE, as navhost does, and blocks SIGUSR1 on this thread.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var blocked = sigset_t()
        var before = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let (status, said) = try run("exec grep -E '^Sig(Blk|Ign)' /proc/self/status")
        #expect(status == ProcessExitStatus(exitCode: 0, signal: 0))
        let masks = Dictionary(uniqueKeysWithValues: said.split(separator: "\n").compactMap { line -> (String, UInt64)? in
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let mask = UInt64(parts[1], radix: 16) else { return nil }
            return (String(parts[0]), mask)
        })
        #expect(masks["SigBlk:"] == 0)
        // Signals 1-31 (SIGPIPE is bit 12): none ignored. glibc's posix_spawn leaves its own two
        // real-time signals (32 and 33, for threads) ignored; the child's libc sets them again.
        #expect(masks["SigIgn:"].map { $0 & 0x7fff_ffff } == 0)
    }

    @Test func aCommandWithoutASlashIsLookedUpInTheChildsPATH() throws {
        let (found, _) = try run("exit 3", executable: "sh", environment: ["PATH=/nonexistent:/usr/bin:/bin"])
        #expect(found == ProcessExitStatus(exitCode: 3, signal: 0))
        // No PATH: execvp's default, /bin:/usr/bin.
        let (byDefault, _) = try run("exit 4", executable: "sh")
        #expect(byDefault == ProcessExitStatus(exitCode: 4, signal: 0))
        #expect(throws: UVError.self) { try run("exit 5", executable: "sh", environment: ["PATH=/nonexistent"]) }
    }

    @Test func aSignalEndingTheChildIsReportedAsTheSignal() throws {
        let (status, _) = try run("kill -TERM $$")
        #expect(status == ProcessExitStatus(exitCode: 0, signal: SIGTERM))
    }

    @Test func theSpawnSaysHowLongItHeldTheCaller() throws {
        let loop = UVLoop()
        var status: ProcessExitStatus?
        let before = timespec.now
        let process = try UVProcess(
            loop: loop, options: .init(executable: "/bin/true", arguments: [], environment: [], stdin: nil, stdout: nil, stderr: nil)
        ) { status = $0 }
        let held = timespec.now - before
        #expect(process.spawnMicroseconds > 0)
        #expect(process.spawnMicroseconds <= held)
        #expect(loop.run { status != nil })
        process.close()
        loop.run()
        loop.close()
    }
}

extension timespec {
    fileprivate static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }
}
