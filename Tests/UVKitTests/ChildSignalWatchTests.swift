import Glibc
import Testing
@testable import UVKit

/// Where pidfd_open is refused (valgrind, old kernels, old container seccomp profiles), a
/// child's exit is found by a waitpid on each SIGCHLD: every child's end is still reported,
/// with its status, however the signals of several children coincide (the child's pipes:
/// `ProcessSpawnTests`).
@Suite struct ChildSignalWatchTests {
    private func spawn(_ loop: UVLoop, _ script: String, onExit: @escaping (ProcessExitStatus) -> Void) throws -> UVProcess {
        try UVProcess(
            loop: loop, options: .init(executable: "/bin/sh", arguments: ["-c", script], environment: [], stdin: nil, stdout: nil, stderr: nil),
            watch: .childSignal, onExit: onExit)
    }

    @Test func anExitAndAKillAreReportedWithTheirStatus() throws {
        let loop = UVLoop()
        var exited: ProcessExitStatus?
        var killed: ProcessExitStatus?
        let quick = try spawn(loop, "exit 3") { exited = $0 }
        let slow = try spawn(loop, "exec sleep 30") { killed = $0 }
        #expect(quick.pid > 0 && slow.pid > 0 && quick.pid != slow.pid)
        #expect(loop.run { exited != nil })
        #expect(killed == nil, "one child's SIGCHLD does not end another's watch")
        #expect(slow.kill(SIGKILL) == nil)
        #expect(loop.run { killed != nil })
        #expect(exited == ProcessExitStatus(exitCode: 3, signal: 0))
        #expect(killed?.signal == SIGKILL)
        quick.close()
        slow.close()
        loop.run()
        loop.close()
    }

    /// Twenty children ending together: their SIGCHLDs merge, and each is still reaped once.
    @Test func childrenEndingTogetherAreEachReported() throws {
        let loop = UVLoop()
        var statuses: [Int32: ProcessExitStatus] = [:]
        let children = try (0..<20).map { index in
            try spawn(loop, "exit \(index)") { status in statuses[Int32(index)] = status }
        }
        #expect(loop.run { statuses.count == children.count })
        #expect(statuses == Dictionary(uniqueKeysWithValues: (0..<20).map { (Int32($0), ProcessExitStatus(exitCode: Int64($0), signal: 0)) }))
        for child in children {
            var status: Int32 = 0
            #expect(waitpid(child.pid, &status, WNOHANG) == -1, "reaped: no zombie is left")
            child.close()
        }
        loop.run()
        loop.close()
    }
}
