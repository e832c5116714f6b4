import Glibc
import HostOptions
import NavClient
import NavProtocol
import Testing
import WorkerLaunch
@testable import NavHost

/// Resource limits the workers set on themselves, and GITHUB_TOKEN only where a source needs it.
@Suite struct WorkerSecurityTests {
    @Test func workersRunUnderTheConfiguredResourceLimits() throws {
        let host = try HostUnderTest(["--worker-open-files", "100", "--worker-memory-mb", "3000", "--worker-cpu-seconds", "900"])
        try host.initialize()
        let worker = try #require(host.workers().first)
        let limits = procText("/proc/\(worker)/limits")
        try #require(!limits.isEmpty)
        let lines = limits.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains { $0.hasPrefix("Max open files 100 100") })
        #expect(lines.contains { $0.hasPrefix("Max cpu time 900 900") })
        #expect(lines.contains { $0.hasPrefix("Max address space \(3000 << 20) \(3000 << 20)") })
        #expect(try host.rows().sections.isEmpty == false)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test(arguments: [false, true])
    func gitHubTokenReachesWorkersOnlyWhenTheSourceNeedsIt(passes: Bool) throws {
        setenv("GITHUB_TOKEN", "ghp_token_for_launcher_test", 1)
        setenv("AWS_SECRET_ACCESS_KEY", "not_for_workers", 1)
        defer {
            unsetenv("GITHUB_TOKEN")
            unsetenv("AWS_SECRET_ACCESS_KEY")
        }
        var configuration = HostConfiguration()
        configuration.liveSource = passes ? LiveSourceSettings.local : nil
        let launcher = WorkerLauncher(configuration: configuration)
        let environment = launcher.builtIn.environment
        #expect(environment.contains("GITHUB_TOKEN=ghp_token_for_launcher_test") == passes)
        #expect(!environment.contains { $0.hasPrefix("AWS_") })
        // An external kind's command never sees the token, whatever the source.
        let external = CatalogEntry(
            descriptor: ScreenDescriptor(kind: "files", description: "", external: true), command: ["/opt/screens/files", "--all"], origin: "screens.json")
        let command = launcher.commandLine(for: external)
        #expect(!command.environment.contains { $0.hasPrefix("GITHUB_TOKEN") })
        #expect(command.executable == configuration.workerDirectory + "/screen-worker")
        #expect(command.arguments.first == "exec" && command.arguments.suffix(3) == ["--", "/opt/screens/files", "--all"])
        #expect(command.arguments.joined(separator: " ").contains("--limit-open-files 256"), "the limits reach an external worker through exec")
    }

    @Test func debugFlagAndLimitsReachTheWorkerCommandLine() {
        var configuration = HostConfiguration()
        configuration.settings.enableDebugMethods = true
        configuration.settings.workerOpenFiles = 10
        configuration.settings.workerMemoryMb = 0
        configuration.settings.workerCpuSeconds = 5
        let arguments = WorkerLauncher(configuration: configuration).builtIn.arguments
        #expect(arguments.contains("--enable-debug-methods"))
        #expect(arguments.joined(separator: " ").contains("--limit-open-files 10 --limit-cpu-seconds 5"))
        #expect(!arguments.contains("--limit-address-space"))
    }
}

extension LiveSourceSettings {
    /// The live source with the command line's defaults, at a local address nothing listens on.
    static var local: LiveSourceSettings {
        var settings = HostSettings()
        settings.apiURL = "http://127.0.0.1:9"
        return LiveSourceSettings(settings)
    }
}
