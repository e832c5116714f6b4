import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

@Suite struct ConfigurationTests {
    @Test func anotherSnapshotGivenWithDataIsWhatTheScreensShow() throws {
        let path = "/tmp/navshell-e2e-snapshot-\(getpid()).sqlite"
        defer { unlink(path) }
        let generated = try runCommand(Binaries.directory + "/screen-worker", ["generate-snapshot", "--out", path, "--users", "40", "--seed", "99"])
        #expect(generated.status.exitCode == 0)
        let host = try HostUnderTest(["--data", path])
        try host.initialize()
        let custom = try host.rows().rows.map(\.id)
        #expect(try host.shutdown().exitCode == 0)
        let bundled = try HostUnderTest()
        try bundled.initialize()
        let embedded = try bundled.rows().rows.map(\.id)
        #expect(try bundled.shutdown().exitCode == 0)
        #expect(!custom.isEmpty)
        #expect(custom != embedded, "a snapshot of 40 users from another seed lists other users")
    }

    @Test func aMissingSnapshotFailsInitializeWithTheReason() throws {
        let host = try HostUnderTest(["--data", "/nonexistent/snapshot.sqlite"])
        let error = host.expectError(InitializeRequest.method, [:])
        #expect(error?.code == RPCErrorCode.internalError)
        #expect(error?.message.contains("/nonexistent/snapshot.sqlite") == true)
        // Not initialized: it can be asked again, and still refuses other requests.
        #expect(host.expectError(StackRequest.method)?.code == RPCErrorCode.serverNotInitialized)
        host.client.notify(ExitNotification.method)
        #expect(try host.client.waitForExit().exitCode == 1)
        host.expectNoWorkerLeft()
    }

    @Test func rootKindAndParamsChooseTheFirstScreen() throws {
        let host = try HostUnderTest(["--root", "repositories", "--root-params", #"{"login":"mojombo"}"#])
        let stack = try host.initialize().stack
        #expect(stack.map(\.kind) == ["repositories"])
        #expect(stack.first?.params == ["login": "mojombo"])
        #expect(try host.rows().rows.contains { $0.id == "repo:mojombo/grit" })
        #expect(try host.shutdown().exitCode == 0)
        let bad = try runCommand(Binaries.navhost, ["--root-params", "[1]"])
        #expect(bad.status.exitCode != 0)
    }
}
