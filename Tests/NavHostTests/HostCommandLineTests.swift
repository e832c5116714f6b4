import ArgumentParser
import HostOptions
import Testing
@testable import NavHost

/// navhost reads a serve command line in its plain form without ArgumentParser
/// (`ServeCommandLine(reading:)`) and leaves every other one to ArgumentParser (`Serve`, through
/// `HostOptions`). Both readings must make the same settings.
@Suite struct HostCommandLineTests {
    static let samples: [ServeCommandLine] = {
        var full = HostSettings()
        full.root = "repositories"
        full.rootParams = #"{"login":"mojombo"}"#
        full.screens = ["/etc/navshell/a screens file.json", "/tmp/b.json"]
        full.data = "/var/tmp/snapshot.sqlite"
        full.source = "github"
        full.apiURL = "http://127.0.0.1:9/api/v3"
        full.cache = "/tmp/cache.sqlite"
        full.awakeScreens = 0
        full.warmSpare = false
        full.perPage = 100
        full.cacheBytes = 0
        full.queryDebounce = 120
        full.logLevel = "debug"
        full.maxMessageBytes = 1024
        full.requestTimeout = 0.25
        full.stopGrace = 7.5
        full.enableDebugMethods = true
        full.maxRestarts = 0
        full.restartWindow = 1e-3
        full.pingInterval = 0
        full.clientOutputHighWater = 1024
        full.maxPendingInput = 1 << 20
        full.maxBatch = 1
        full.maxStackDepth = 1
        full.workerOpenFiles = 0
        full.workerMemoryMb = 0
        full.workerCpuSeconds = 1
        return [ServeCommandLine(settings: HostSettings()), ServeCommandLine(settings: full, record: "/tmp/session.jsonl")]
    }()

    /// ArgumentParser's reading of a command line: the settings `Serve` would serve with.
    static func parsed(_ arguments: [String]) throws -> ServeCommandLine? {
        guard let serve = try NavHostCommand.parseAsRoot(arguments) as? Serve else { return nil }
        return ServeCommandLine(settings: serve.options.settings, record: serve.record)
    }

    static func written(_ commandLine: ServeCommandLine) -> [String] {
        commandLine.settings.arguments + (commandLine.record.map { ["--" + HostFlag.record, $0] } ?? [])
    }

    @Test(arguments: samples)
    func bothReadingsReadWhatTheToolsWrite(commandLine: ServeCommandLine) throws {
        let arguments = Self.written(commandLine)
        #expect(ServeCommandLine(reading: arguments) == commandLine)
        #expect(ServeCommandLine(reading: ["serve"] + arguments) == commandLine)
        #expect(try Self.parsed(arguments) == commandLine)
        #expect(try Self.parsed(["serve"] + arguments) == commandLine)
    }

    @Test func noArgumentsIsTheDefaults() throws {
        #expect(ServeCommandLine(reading: []) == ServeCommandLine(settings: HostSettings()))
        #expect(try Self.parsed([]) == ServeCommandLine(settings: HostSettings()))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["kinds"], ["serve", "--help"], ["serve", "serve"], ["demo"],
        ["--root=users"], ["--root"], ["--data", ""], ["--data", "-"], ["--root", "users", "--root", "repositories"],
        ["--warm-spare", "--no-warm-spare"], ["--no-warm-spare", "--no-warm-spare"], ["--enable-debug-methods", "--enable-debug-methods"],
        ["--per-page", "0"], ["--source", "ftp"], ["--log-level", "loud"], ["--root-params", "[1]"], ["--root", "Not A Kind!"],
        ["--awake-screens", "many"], ["--request-timeout", "inf"], ["--stop-grace", "1e300"], ["--restart-window", "nan"],
        ["--ping-interval", "2e9"], ["--worker-memory-mb", "18446744073709551615"], ["--record"], ["users"],
    ])
    func otherCommandLinesAreLeftToArgumentParser(arguments: [String]) {
        #expect(ServeCommandLine(reading: arguments) == nil)
    }

    /// Durations past `HostSettings.maxSeconds` used to stop navhost when they became
    /// milliseconds (`UInt64(.infinity)` traps); now ArgumentParser refuses them with the rule's message.
    @Test(arguments: [["--request-timeout", "inf"], ["--stop-grace", "1e300"], ["--restart-window", "inf"], ["--ping-interval", "1e20"]])
    func durationsTooLongForMillisecondsAreRefused(arguments: [String]) {
        let error = #expect(throws: (any Error).self) { try NavHostCommand.parseAsRoot(arguments) }
        let message = error.map { NavHostCommand.message(for: $0) } ?? ""
        #expect(message.hasSuffix("at most 1000000000 seconds"), "\(message)")
    }

    /// Random command lines over the flags, values that parse and values that do not, and
    /// `serve`: whenever the quick reading takes one, ArgumentParser takes it too, into the same
    /// settings.
    @Test func whateverTheQuickReadingTakesArgumentParserReadsAlike() {
        let flags = (HostFlag.all + [HostFlag.record]).map { "--" + $0 }
        let values = [
            "0", "1", "+5", "50", "1024", "2000000", "0.5", "1e3", "0x10", "users", "repositories", "snapshot", "github", "debug",
            #"{"login":"mojombo"}"#, "/tmp/x.sqlite", "https://example.com/api/v3",
            "-1", "1e300", "inf", "nan", "18446744073709551616", " 7", "abc", "", "[1]", "-x", "serve", "kinds", "--", "--help",
        ]
        let plainValues = Array(values.prefix(17))
        var random = Picker()
        var taken = 0
        // 400 lines: ArgumentParser's parse of this command takes tens of milliseconds in a debug build.
        for _ in 0..<400 {
            var arguments = random.below(3) == 0 ? ["serve"] : []
            for _ in 0..<random.below(7) {
                let flag = flags[random.below(flags.count)]
                arguments.append(flag)
                // Mostly a value that parses, so that many lines are ones the quick reading takes.
                let pool = random.below(10) < 3 ? flags + values : plainValues
                if flag != "--warm-spare" && flag != "--no-warm-spare" && flag != "--enable-debug-methods" || random.below(4) == 0 {
                    arguments.append(pool[random.below(pool.count)])
                }
            }
            guard let quick = ServeCommandLine(reading: arguments) else { continue }
            taken += 1
            do {
                #expect(try Self.parsed(arguments) == quick, "\(arguments)")
            } catch {
                Issue.record("ArgumentParser refuses what the quick reading takes: \(arguments): \(error)")
            }
        }
        // The comparison above ran on enough lines to mean something.
        #expect(taken > 60, "\(taken) of 400 taken")
    }

    /// A fixed sequence of choices (a linear congruential generator): the same lines every run.
    struct Picker {
        var state: UInt64 = 15

        mutating func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}
