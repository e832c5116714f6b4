import Glibc
import Testing
import UVKit

@Suite struct UVKitTests {
    @Test func processExitCodeIsReported() throws {
        let loop = UVLoop()
        var status: ProcessExitStatus?
        let process = try UVProcess(
            loop: loop, options: .init(executable: "/bin/sh", arguments: ["-c", "exit 3"], environment: [], stdin: nil, stdout: nil, stderr: nil)
        ) { status = $0 }
        #expect(loop.run { status != nil })
        #expect(status == ProcessExitStatus(exitCode: 3, signal: 0))
        process.close()
        loop.close()
    }

    @Test func killedProcessReportsItsSignal() throws {
        let loop = UVLoop()
        var status: ProcessExitStatus?
        let process = try UVProcess(
            loop: loop, options: .init(executable: "/bin/sleep", arguments: ["30"], environment: [], stdin: nil, stdout: nil, stderr: nil)
        ) { status = $0 }
        #expect(process.pid > 0)
        #expect(process.kill(SIGKILL) == nil)
        #expect(loop.run { status != nil })
        #expect(status?.signal == SIGKILL)
        #expect(status?.description == "killed by signal 9 (SIGKILL)")
        process.close()
        loop.close()
    }

    @Test func spawningAMissingExecutableThrowsAndLeaksNoHandle() throws {
        let loop = UVLoop()
        #expect(throws: UVError.self) {
            _ = try UVProcess(
                loop: loop, options: .init(executable: "/nonexistent/worker", arguments: [], environment: [], stdin: nil, stdout: nil, stderr: nil)
            ) { _ in }
        }
        loop.close()
    }

    @Test func aFailedSpawnClosesThePipesItWasGiven() throws {
        let loop = UVLoop()
        let (input, output) = (try UVPipe(loop: loop), try UVPipe(loop: loop))
        #expect(throws: UVError.self) {
            _ = try UVProcess(
                loop: loop,
                options: .init(executable: "/nonexistent/worker", arguments: [], environment: [], stdin: input, stdout: output, stderr: nil)
            ) { _ in }
        }
        #expect(input.isClosing && output.isClosing, "their descriptors are not left open")
        loop.run()
        loop.close()
    }

    @Test func pipesCarryBytesBothWaysAndEOFEndsTheChild() throws {
        let loop = UVLoop()
        let input = try UVPipe(loop: loop)
        let output = try UVPipe(loop: loop)
        var status: ProcessExitStatus?
        let process = try UVProcess(
            loop: loop, options: .init(executable: "/bin/cat", arguments: [], environment: [], stdin: input, stdout: output, stderr: nil)
        ) { status = $0 }
        var received: [UInt8] = []
        var ended = false
        output.onRead = { received += $0 }
        output.onEnd = { ended = $0 == .endOfFile }
        try output.startReading()
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        input.write(payload)
        #expect(loop.run { received.count == payload.count })
        #expect(received == payload)
        input.closeAfterWrites {}
        #expect(loop.run { status != nil && ended })
        #expect(status == ProcessExitStatus(exitCode: 0, signal: 0))
        output.close()
        process.close()
        loop.close()
    }

    @Test func theChildsStreamsArePipesAndItsStdoutHoldsTheCapacityAskedFor() throws {
        let loop = UVLoop()
        let (input, output, errors) = (try UVPipe(loop: loop), try UVPipe(loop: loop), try UVPipe(loop: loop))
        // 400,000 bytes fit in a 512 KiB stdout pipe, not in the default 64 KiB: `head` returns
        // and the shell reports on stderr while nothing reads its stdout yet.
        let script = "stat -L -c %F /proc/$$/fd/0 /proc/$$/fd/1 /proc/$$/fd/2 >&2; head -c 400000 /dev/zero; echo written >&2"
        var status: ProcessExitStatus?
        let process = try UVProcess(
            loop: loop,
            options: .init(
                executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH=/usr/bin:/bin"], stdin: input, stdout: output,
                stderr: errors, stdoutCapacity: 512 << 10)
        ) { status = $0 }
        var said = ""
        errors.onRead = { said += String(decoding: $0, as: UTF8.self) }
        try errors.startReading()
        #expect(loop.run { said.hasSuffix("written\n") })
        #expect(said == "fifo\nfifo\nfifo\nwritten\n")
        var received = 0
        output.onRead = { received += $0.count }
        try output.startReading()
        #expect(loop.run { status != nil && received == 400_000 })
        #expect(status == ProcessExitStatus(exitCode: 0, signal: 0))
        for handle in [input, output, errors] as [UVHandle] { handle.close() }
        process.close()
        loop.close()
    }

    @Test func timerFiresOnceAndRepeats() throws {
        let loop = UVLoop()
        let once = try UVTimer(loop: loop)
        let repeating = try UVTimer(loop: loop)
        var onceCount = 0
        var repeatCount = 0
        once.start(after: 5) { onceCount += 1 }
        repeating.start(after: 1, repeatEvery: 1) { repeatCount += 1 }
        #expect(loop.run { repeatCount >= 5 })
        repeating.stop()
        #expect(onceCount == 1 || repeatCount >= 5)
        #expect(loop.run { onceCount == 1 })
        once.close()
        repeating.close()
        loop.close()
        #expect(onceCount == 1)
    }

    @Test func closingAHandleRunsItsCloseHandlers() throws {
        let loop = UVLoop()
        let timer = try UVTimer(loop: loop)
        var closed = false
        timer.onClose { closed = true }
        timer.close()
        #expect(!closed)
        #expect(loop.run { closed })
        var lateHandlerRan = false
        timer.onClose { lateHandlerRan = true }
        #expect(lateHandlerRan)
        loop.close()
    }
}
