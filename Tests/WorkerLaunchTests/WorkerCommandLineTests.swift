import ArgumentParser
import Testing
import WorkerLaunch
@testable import GitHubSnapshot
@testable import ScreenWorkerCore

/// A worker's command line is written by navhost (`WorkerInvocation.arguments`) and read by the
/// worker without ArgumentParser (`WorkerEntry.quickInvocation`); the worker's ArgumentParser
/// commands read every other command line. Both readings must make the same settings.
@Suite struct WorkerCommandLineTests {
    static let samples: [WorkerSettings] = {
        var full = WorkerSettings()
        full.hostPid = 4242
        full.limits = WorkerLimits(openFiles: 256, addressSpaceBytes: 4 << 30, cpuSeconds: 3_600)
        full.logLevel = "debug"
        full.dataSource.snapshotPath = "/var/tmp/snapshot with spaces.sqlite"
        full.dataSource.statePath = "/var/tmp/state with spaces.sqlite"
        full.debounceMilliseconds = 120
        full.enablesDebugMethods = true
        full.rehearses = true
        var live = WorkerSettings()
        live.dataSource.source = .github
        live.dataSource.apiURL = "http://127.0.0.1:9/api/v3"
        live.dataSource.cachePath = "/tmp/cache.sqlite"
        live.dataSource.cacheBytes = 32 << 20
        live.dataSource.perPage = 100
        live.dataSource.allowsWrites = true
        var someLimits = WorkerSettings()
        someLimits.limits = WorkerLimits(openFiles: 10, cpuSeconds: 5)
        return [WorkerSettings(), full, live, someLimits]
    }()

    @Test(arguments: samples)
    func whatNavhostWritesIsReadBackWithoutArgumentParser(settings: WorkerSettings) {
        #expect(WorkerInvocation(reading: WorkerInvocation.serve(settings).arguments) == .serve(settings))
    }

    @Test(arguments: samples.filter { $0.dataSource.source == .snapshot })
    func argumentParserReadsWhatNavhostWritesIntoTheSameSettings(settings: WorkerSettings) throws {
        let arguments = WorkerInvocation.serve(settings).arguments
        let serve = try #require(try WorkerCommand.parseAsRoot(arguments) as? ServeScreen)
        #expect(serve.settings == settings)
        #expect(WorkerEntry.quickInvocation(arguments) == .serve(settings))
    }

    @Test func anExternalWorkersCommandLineReadsBackBothWays() throws {
        let invocation = WorkerInvocation.exec(hostPid: 77, limits: WorkerLimits(openFiles: 64), command: ["/opt/screens/files", "--all", "--"])
        #expect(invocation.arguments == ["exec", "--host-pid", "77", "--limit-open-files", "64", "--", "/opt/screens/files", "--all", "--"])
        #expect(WorkerEntry.quickInvocation(invocation.arguments) == invocation)
        let exec = try #require(try WorkerCommand.parseAsRoot(invocation.arguments) as? ExecWorker)
        #expect(exec.invocation == invocation)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["kinds"], ["serve", "--help"], ["generate-snapshot", "--out", "/tmp/x.sqlite"],
        ["--log-level=debug"], ["--log-level"], ["--data", "-"], ["--data", ""], ["--host-pid", "1", "--host-pid", "2"],
        ["--host-pid", "-1"], ["--debounce-ms", "soon"], ["--source", "ftp"], ["--source", "github"], ["--rehearse", "yes"],
        ["exec"], ["exec", "--", ], ["exec", "/bin/true"], ["exec", "--log-level", "debug", "--", "/bin/true"],
    ])
    func otherCommandLinesAreLeftToArgumentParser(arguments: [String]) {
        // `--source github` too: this binary (the tests' build of ScreenWorkerCore) has no live source.
        #expect(WorkerEntry.quickInvocation(arguments) == nil)
    }

    /// Random command lines over the flags, values that parse and values that do not, and the
    /// subcommands: whenever the quick reading takes one, ArgumentParser takes it too, as the same
    /// command with the same settings.
    @Test func whateverTheQuickReadingTakesArgumentParserReadsAlike() {
        let flags = [
            WorkerFlag.hostPid, WorkerFlag.limitOpenFiles, WorkerFlag.limitAddressSpace, WorkerFlag.limitCpuSeconds, WorkerFlag.logLevel,
            WorkerFlag.source, WorkerFlag.data, WorkerFlag.apiURL, WorkerFlag.cache, WorkerFlag.cacheBytes, WorkerFlag.perPage,
            WorkerFlag.state, WorkerFlag.allowWrites, WorkerFlag.debounceMs, WorkerFlag.enableDebugMethods, WorkerFlag.rehearse,
        ].map { "--" + $0 }
        let values = [
            "0", "1", "+5", "42", "-1", "2147483648", "4294967296", "18446744073709551616", "1e3", " 7", "abc", "",
            "snapshot", "github", "debug", "/tmp/x.sqlite", "-x", "serve", "exec", "kinds", "--", "--help",
        ]
        let tokens = flags + values
        let plainValues = Array(values.prefix(15))
        // The snapshot generator's seeded generator: the same command lines on every run.
        var random = SplitMix64(seed: 15)
        var taken = 0
        for _ in 0..<2_000 {
            var arguments = random.pick([["serve"], ["exec"], [], []])
            for _ in 0..<random.below(7) {
                // Mostly a flag followed by a value, so that many lines are ones the reader takes.
                arguments.append(random.pick(flags))
                arguments.append(random.chance(0.3) ? random.pick(tokens) : random.pick(plainValues))
            }
            if arguments.first == "exec", random.chance(0.75) { arguments += ["--", "/bin/true", "-v"] }
            guard let quick = WorkerEntry.quickInvocation(arguments) else { continue }
            taken += 1
            guard let parsed = try? WorkerCommand.parseAsRoot(arguments) else {
                Issue.record("ArgumentParser refuses what the quick reading takes: \(arguments)")
                continue
            }
            switch quick {
            case .serve(let settings): #expect((parsed as? ServeScreen)?.settings == settings, "\(arguments)")
            case .exec: #expect((parsed as? ExecWorker)?.invocation == quick, "\(arguments)")
            }
        }
        // The comparison above ran on enough lines to mean something.
        #expect(taken > 250, "\(taken) of 2,000 taken")
    }
}
