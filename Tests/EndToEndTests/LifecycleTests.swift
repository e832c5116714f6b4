import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefused() throws {
        let host = try HostUnderTest()
        let error = host.expectError(StackRequest.method)
        #expect(error?.code == RPCErrorCode.serverNotInitialized)
        try host.initialize()
        let again = host.expectError(InitializeRequest.method, [:])
        #expect(again?.code == RPCErrorCode.invalidRequest)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func exitWithoutShutdownExitsWithOne() throws {
        let host = try HostUnderTest()
        try host.initialize()
        host.noteWorkers()
        host.client.notify(ExitNotification.method)
        #expect(try host.client.waitForExit().exitCode == 1)
        host.expectNoWorkerLeft()
    }

    @Test func requestsAfterShutdownAreRefused() throws {
        let host = try HostUnderTest()
        try host.initialize()
        host.noteWorkers()
        _ = try host.client.request(ShutdownRequest.method)
        #expect(host.expectError(StackRequest.method)?.code == RPCErrorCode.invalidRequest)
        host.client.notify(ExitNotification.method)
        #expect(try host.client.waitForExit().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func endOfInputEndsTheHostCleanly() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        host.noteWorkers()
        host.client.closeInput()
        #expect(try host.client.waitForExit().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func terminationSignalEndsEveryWorker(signal: Int32) throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        #expect(host.workers().count == 2)
        host.client.signal(signal)
        #expect(try host.client.waitForExit().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func workersDieWithAHostKilledOutright() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let workers = host.workers()
        #expect(workers.count == 2)
        host.client.signal(SIGKILL)
        #expect(try host.client.waitForExit().signal == SIGKILL)
        // The parent-death signal ends each worker; they are reparented, so poll /proc for them.
        let gone = host.client.pump(seconds: 10) { workers.allSatisfy { !ProcessTable.isAlive($0) } }
        #expect(gone, "workers outlived a SIGKILLed host: \(workers.filter(ProcessTable.isAlive))")
    }

    @Test func hostExitsWhenTheClientProcessNamedInInitializeIsGone() throws {
        let loop = UVLoop()
        var ended = false
        let shortLived = try UVProcess(
            loop: loop, options: .init(executable: "/bin/sleep", arguments: ["0.3"], environment: [], stdin: nil, stdout: nil, stderr: nil)
        ) { _ in ended = true }
        let host = try HostUnderTest()
        _ = try host.client.send(InitializeRequest(processId: Int(shortLived.pid)))
        host.noteWorkers()
        while !ended { loop.runOnce() }
        shortLived.close()
        loop.close()
        #expect(try host.client.waitForExit(timeout: 10).exitCode == 1)
        host.expectNoWorkerLeft()
    }

    @Test func helpAndVersion() throws {
        let version = try runCommand(Binaries.navhost, ["--version"])
        #expect(version.status.exitCode == 0)
        #expect(version.output.first?.isNumber == true)
        let help = try runCommand(Binaries.navhost, ["--help"])
        #expect(help.status.exitCode == 0)
        #expect(help.output.contains("demo"))
        let serveHelp = try runCommand(Binaries.navhost, ["serve", "--help"])
        #expect(serveHelp.output.contains("--max-message-bytes"))
        #expect(serveHelp.output.contains("--request-timeout"))
        let bad = try runCommand(Binaries.navhost, ["--root", "nope"])
        #expect(bad.status.exitCode != 0)
    }

    @Test func aSessionReadFromAFileIsServed() throws {
        let path = "/tmp/navshell-session-\(getpid()).jsonl"
        let session = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"nav/stack"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].joined(separator: "\n") + "\n"
        let file = fopen(path, "w")
        fputs(session, file)
        fclose(file)
        defer { unlink(path) }
        let run = try runCommand(Binaries.navhost, [], stdinFile: path)
        #expect(run.status.exitCode == 0)
        let replies = run.output.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }.filter { $0["id"] != nil }
        try #require(replies.map { $0["id"] } == [1, 2, 3])
        #expect(replies[1]["result"]?["stack"]?.arrayValue?.count == 1)
    }
}
