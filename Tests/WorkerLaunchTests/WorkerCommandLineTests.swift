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
        full.workerOpenFiles = 128
        full.workerMemoryMb = 8192
        full.workerCpuSeconds = 60
        full.logLevel = "debug"
        full.data = "/var/tmp/snapshot with spaces.sqlite"
        full.state = "/var/tmp/state with spaces.sqlite"
        full.queryDebounce = 120
        full.enableDebugMethods = true
        full.rehearse = true
        var live = WorkerSettings()
        live.source = "github"
        live.apiURL = "http://127.0.0.1:9/api/v3"
        live.cache = "/tmp/cache.sqlite"
        live.cacheBytes = 1 << 20
        live.perPage = 100
        live.allowWrites = true
        var someLimits = WorkerSettings()
        someLimits.workerOpenFiles = 10
        someLimits.workerMemoryMb = 0
        someLimits.workerCpuSeconds = 5
        return [WorkerSettings(), full, live, someLimits]
    }()

    @Test(arguments: samples)
    func whatNavhostWritesIsReadBackWithoutArgumentParser(settings: WorkerSettings) {
        #expect(WorkerInvocation(reading: WorkerInvocation.serve(settings).arguments) == .serve(settings))
    }

    @Test(arguments: samples.filter { !$0.readsLiveSource })
    func argumentParserReadsWhatNavhostWritesIntoTheSameSettings(settings: WorkerSettings) throws {
        let arguments = WorkerInvocation.serve(settings).arguments
        let serve = try #require(try WorkerCommand.parseAsRoot(arguments) as? ServeScreen)
        #expect(serve.settings == settings)
        #expect(WorkerEntry.quickInvocation(arguments) == .serve(settings))
    }

    @Test func aCommandLineHoldsOnlyWhatDiffersFromTheDefaults() {
        #expect(WorkerInvocation.serve(WorkerSettings()).arguments.isEmpty)
        #expect(WorkerInvocation.serve(Self.samples[3]).arguments == [
            "--worker-open-files", "10", "--worker-memory-mb", "0", "--worker-cpu-seconds", "5",
        ])
        #expect(Self.samples[3].limits == WorkerLimits(openFiles: 10, cpuSeconds: 5))
        #expect(WorkerSettings().limits == WorkerLimits(openFiles: 256, addressSpaceBytes: 4096 << 20, cpuSeconds: 3600))
    }

    @Test func anExternalWorkersCommandLineHasOnlyWhatEveryWorkerTakes() throws {
        var settings = WorkerSettings()
        settings.hostPid = 77
        settings.workerOpenFiles = 64
        settings.logLevel = "debug"
        settings.state = "/tmp/state.sqlite"
        let invocation = WorkerInvocation.exec(settings, command: ["/opt/screens/files", "--all", "--"])
        #expect(invocation.arguments == ["exec", "--worker-open-files", "64", "--host-pid", "77", "--", "/opt/screens/files", "--all", "--"])
        var readBack = WorkerSettings()
        readBack.hostPid = 77
        readBack.workerOpenFiles = 64
        let expected = WorkerInvocation.exec(readBack, command: ["/opt/screens/files", "--all", "--"])
        #expect(WorkerEntry.quickInvocation(invocation.arguments) == expected)
        let exec = try #require(try WorkerCommand.parseAsRoot(invocation.arguments) as? ExecWorker)
        #expect(exec.invocation == expected)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["kinds"], ["serve", "--help"], ["generate-snapshot", "--out", "/tmp/x.sqlite"],
        ["--log-level=debug"], ["--log-level"], ["--data", "-"], ["--data", ""], ["--host-pid", "1", "--host-pid", "2"],
        ["--host-pid", "-1"], ["--query-debounce", "soon"], ["--source", "ftp"], ["--source", "github"], ["--rehearse", "yes"],
        ["--per-page", "0"], ["--per-page", "101"], ["--log-level", "loud"], ["--worker-memory-mb", "17592186044416"],
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
        let flags = WorkerFlag.all.map { "--" + $0 }
        let values = [
            "0", "1", "+5", "42", "100", "101", "-1", "2147483648", "17592186044416", "18446744073709551616", "1e3", " 7", "abc", "",
            "snapshot", "github", "debug", "/tmp/x.sqlite", "-x", "serve", "exec", "kinds", "--", "--help",
        ]
        let tokens = flags + values
        let plainValues = Array(values.prefix(17))
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
