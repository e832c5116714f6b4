import Glibc
import NavClient
@testable import NavProtocol
import Testing
@testable import NavHost

/// Two worker binaries: `screen-worker` serves the snapshot without loading libcurl (and its TLS
/// libraries); `screen-worker-live` adds the live source, and navhost starts it only for that source
/// (`InitializeSourceTests` checks a live session gets it).
@Suite struct WorkerBinaryTests {
    @Test(arguments: [false, true])
    func theLauncherPicksTheBinaryBesideNavhostBySource(live: Bool) {
        var configuration = HostConfiguration()
        configuration.workerDirectory = "/opt/navshell/bin"
        configuration.settings.source = live ? "github" : "snapshot"
        let expected = live ? "/opt/navshell/bin/screen-worker-live" : "/opt/navshell/bin/screen-worker"
        #expect(WorkerLauncher(configuration: configuration).builtIn.executable == expected)
    }

    @Test func onlyTheSparesCommandLineAsksForARehearsal() {
        let launcher = WorkerLauncher(configuration: HostConfiguration())
        #expect(launcher.spare.arguments == launcher.builtIn.arguments + ["--rehearse"])
        #expect(launcher.spare.executable == launcher.builtIn.executable)
    }

    @Test func snapshotWorkersDoNotLoadLibcurl() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let worker = try #require(host.workers().first)
        #expect(ProcessTable.executablePath(of: worker).hasSuffix("/screen-worker"))
        let maps = procText("/proc/\(worker)/maps")
        try #require(!maps.isEmpty)
        #expect(!maps.contains("libcurl"))
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func theSnapshotWorkerRefusesTheLiveSource() throws {
        let refused = try runCommand(Binaries.directory + "/screen-worker", ["--source", "github"])
        #expect(refused.status.exitCode != 0)
    }

    /// `screen-worker kinds` prints the descriptors in the shape navhost reads by hand from its
    /// first worker's `worker/kinds` (`FirstWorkerTests` checks the two agree).
    @Test func theKindsLineIsReadByHand() throws {
        let printed = try runCommand(Binaries.directory + "/screen-worker", ["kinds"])
        #expect(printed.status.exitCode == 0)
        let descriptors = try #require(ScreenDescriptor.handRead(array: try JSONValue(parsing: printed.output)))
        #expect(descriptors.map(\.kind.rawValue) == ["followers", "following", "issue", "issues", "pull", "pulls", "readme", "repositories", "repository", "repository-search", "starred", "users"])
        #expect(descriptors.allSatisfy { !$0.description.isEmpty })
        #expect(printed.output == ScreenDescriptor.jsonLine(descriptors) + "\n")
    }
}
