import Glibc
import NavClient
import NavProtocol
import Testing

@Suite struct WorkerFailureTests {
    @Test func aKilledWorkerIsRestartedAndTheHostGoesOn() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let rootWorker = try #require(host.workers().first)
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let root = try #require(try host.stack().first)
        let worker = try #require(host.workers().first { $0 != rootWorker })
        kill(worker, SIGKILL)
        let crashed = try host.client.nextNotification(DidCrashNotification.self)
        #expect(crashed.screen == pushed.screen.id)
        #expect(crashed.status == "killed by signal 9 (SIGKILL)")
        #expect(crashed.restarting)
        // The screen is back, in a new worker, under the same id.
        #expect(try host.rows(pushed.screen.id).rows.isEmpty == false)
        #expect(!host.workers().contains(worker))
        // The host and the other screens go on.
        #expect(try host.rows(root.id).rows.isEmpty == false)
        _ = try host.client.send(PopRequest())
        #expect(try host.stack().map(\.id) == [root.id])
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aHungWorkerTimesOutWithAnErrorNamingTheScreen() throws {
        let host = try HostUnderTest(["--request-timeout", "0.5", "--stop-grace", "0.3"])
        try host.initialize()
        let rootWorker = try #require(host.workers().first)
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let worker = try #require(host.workers().first { $0 != rootWorker })
        kill(worker, SIGSTOP)
        let error = host.expectError(RowsRequest.method)
        #expect(error?.code == RPCErrorCode.requestTimedOut)
        #expect(error?.message.contains(pushed.screen.id) == true)
        #expect(error?.message.contains("screen/rows") == true)
        // Popping a stopped worker escalates to SIGKILL, and the host still answers.
        _ = try host.client.send(PopRequest())
        let reaped = host.client.pump(seconds: 10) { !ProcessTable.isAlive(worker) }
        #expect(reaped)
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func secretsInTheHostsEnvironmentNeverReachWorkers() throws {
        var environment = ["PATH=/usr/bin:/bin", "GITHUB_TOKEN=ghp_secret_for_test", "AWS_SECRET_ACCESS_KEY=nope"]
        environment.append("HOME=/tmp")
        let host = try HostUnderTest(["--log-level", "debug"], environment: environment)
        try host.initialize()
        // Snapshot workers: the token is for live-source workers only (LiveSourceTests).
        try #require(!host.workers().isEmpty)
        for worker in host.workers() {
            let text = procText("/proc/\(worker)/environ")
            #expect(text.contains("PATH="))
            #expect(!text.contains("GITHUB_TOKEN"))
            #expect(!text.contains("AWS_SECRET"))
        }
        #expect(try host.shutdown().exitCode == 0)
        #expect(!host.client.stderrText.contains("ghp_secret_for_test"))
    }

    @Test func cancellingARequestAnswersCancelled() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let worker = try #require(host.workers().first)
        kill(worker, SIGSTOP)
        host.client.send(["jsonrpc": "2.0", "id": 77, "method": "screen/rows", "params": [:]])
        host.client.notify("$/cancelRequest", ["id": 77])
        let reply = try host.client.nextReply()
        #expect(reply["id"] == 77)
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.requestCancelled))
        kill(worker, SIGCONT)
        #expect(try host.stack().count == 1)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
