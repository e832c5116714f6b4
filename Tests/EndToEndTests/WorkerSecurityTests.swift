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
        configuration.settings.source = passes ? "github" : "snapshot"
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
        // What every worker is told, and no more: the host's pid and the (default) limits.
        var everyWorker = WorkerSettings()
        everyWorker.hostPid = getpid()
        #expect(WorkerInvocation(reading: command.arguments) == .exec(everyWorker, command: ["/opt/screens/files", "--all"]))
    }

    @Test func debugFlagAndLimitsReachTheWorkerCommandLines() throws {
        var configuration = HostConfiguration()
        configuration.settings.enableDebugMethods = true
        configuration.settings.workerOpenFiles = 10
        configuration.settings.workerMemoryMb = 0
        configuration.settings.workerCpuSeconds = 5
        let launcher = WorkerLauncher(configuration: configuration)
        guard case .serve(let builtIn)? = WorkerInvocation(reading: launcher.builtIn.arguments) else {
            Issue.record("the worker does not read \(launcher.builtIn.arguments)")
            return
        }
        #expect(builtIn.enableDebugMethods)
        #expect(builtIn.limits == WorkerLimits(openFiles: 10, cpuSeconds: 5))
        let external = CatalogEntry(descriptor: ScreenDescriptor(kind: "files", description: "", external: true), command: ["/bin/true"], origin: "screens.json")
        guard case .exec(let settings, _)? = WorkerInvocation(reading: launcher.commandLine(for: external).arguments) else {
            Issue.record("screen-worker exec does not read \(launcher.commandLine(for: external).arguments)")
            return
        }
        #expect(settings.limits == builtIn.limits && !settings.enableDebugMethods)
    }
}
