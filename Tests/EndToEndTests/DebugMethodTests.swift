import Glibc
import NavClient
import NavProtocol
import Testing

/// The debug/* fault-injection methods: refused unless navhost runs with --enable-debug-methods.
@Suite struct DebugMethodTests {
    @Test func debugMethodsAreRefusedWithoutTheFlag() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let worker = try #require(host.workers().first)
        let calls: [(String, JSONValue)] = [
            (DebugCrashRequest.method, .object([:])), (DebugHangRequest.method, .object([:])),
            (DebugDelayRequest.method, .object(["ms": .int(10)])), (DebugMisbehaveRequest.method, .object(["output": .string("invalidJSON")])),
        ]
        for (method, params) in calls {
            #expect(host.expectError(method, params)?.code == RPCErrorCode.methodNotFound)
        }
        #expect(ProcessTable.isAlive(worker))
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func crashFailsTheRequestWithTheCauseAndRestartsTheScreen() throws {
        let host = try HostUnderTest(["--enable-debug-methods"])
        try host.initialize()
        let leaks = LeakCheck(host)
        let worker = try #require(host.workers().first)
        let error = host.expectError(DebugCrashRequest.method)
        #expect(error?.code == RPCErrorCode.workerFailed)
        #expect(error?.message.contains("s1") == true)
        #expect(error?.message.contains("SIGABRT") == true, "\(String(describing: error))")
        // The last stderr lines (here the Swift runtime's crash report) come with the cause.
        #expect(error?.message.contains("last stderr lines") == true)
        #expect(error?.data?["stderrTail"]?.arrayValue?.isEmpty == false)
        let crashed = try host.client.nextNotification(DidCrashNotification.self)
        #expect(crashed.screen == "s1" && crashed.restarting && crashed.restarts == 1)
        #expect(try host.rows().sections.isEmpty == false)
        #expect(!ProcessTable.isAlive(worker))
        try leaks.expectNoLeak()
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func delayHoldsAnswersBack() throws {
        let host = try HostUnderTest(["--enable-debug-methods"])
        try host.initialize()
        _ = try host.client.request(DebugDelayRequest.method, ["ms": 300])
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        _ = try host.rows()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let elapsed = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        #expect(elapsed >= 0.3)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
