import ArgumentParser
import Glibc

@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navshell-bench",
        abstract: "Measures navhost against the C and Node.js baselines of ../shared/baseline; prints a table and writes JSON.",
        discussion: "scripts/bench builds everything and runs this. Figures are informational: the exit code is 0 whatever they are.")

    @Option(help: "Directory holding the built C baselines (echo_worker, uv_relay).")
    var baselineBin: String?

    @Option(help: "The shared/baseline directory itself (for node_relay.js).")
    var baselineSource: String?

    @Option(help: "The navhost binary (default: beside this one).")
    var navhost: String?

    @Option(help: "The screen-worker binary (default: beside this one).")
    var screenWorker: String?

    @Option(help: "Timed round trips per run and subject.")
    var roundTrips = 10000

    // Five thousand: node_relay.js took 2,000-4,000 round trips to reach its steady speed
    // (docs/performance.md, "What is measured"); the C programs and navhost need none of it.
    @Option(help: "Untimed round trips on each fresh instance before its timed ones (the CPU runs take at most --cpu-requests of them).")
    var warmup = 5000

    // Seven, not three: a run's round trips move by several microseconds with where the
    // scheduler puts the processes, which is about what a host adds, so a median of three
    // still decided the added-latency ratios by one or two unlucky runs (docs/performance.md,
    // "Comparing runs").
    @Option(help: "Round-trip, throughput and CPU runs per subject, interleaved across subjects; figures are medians over runs.")
    var runs = 7

    @Option(help: "Timed cold pushes (and bare worker startups).")
    var pushes = 30

    @Option(help: "Requests in flight for the throughput run.")
    var pipelined = 10000

    @Option(help: "Sequential requests whose CPU time is measured per subject.")
    var cpuRequests = 3000

    @Option(help: "Stack depths to measure memory at, comma-separated (the root screen counts).")
    var stackDepths = "20,200"

    @Option(help: "Seconds any single step may take before it is reported as failed.")
    var timeout = 30.0

    @Option(help: "Where to write the JSON results.")
    var json = ".build/bench/results.json"

    @Option(help: "Where children's stderr goes (default: beside the JSON file).")
    var stderrLog: String?

    func validate() throws {
        guard roundTrips > 0, warmup >= 0, runs > 0, pushes > 0, pipelined > 0, cpuRequests > 0, timeout > 0 else {
            throw ValidationError("counts and the timeout must be positive")
        }
        guard !depths.isEmpty, depths.allSatisfy({ $0 >= 1 }) else { throw ValidationError("--stack-depths must be numbers of at least 1, like 20,200") }
    }

    var depths: [Int] { stackDepths.split(separator: ",").compactMap { Int($0.filter { $0 != " " }) } }

    func run() throws {
        let paths = try resolvePaths()
        let machine = MachineInfo.current()
        let progress: (String) -> Void = printError
        let subjects = Subject.all(paths)
        let roundTrips = RoundTripBench(paths: paths, roundTrips: self.roundTrips, warmup: warmup, runs: runs, timeout: timeout)
            .run(subjects, progress: progress)
        let push = PushBench(paths: paths, pushes: pushes, timeout: timeout).run(progress: progress)
        let throughput = ThroughputBench(paths: paths, requests: pipelined, runs: runs, timeout: timeout).run(subjects, progress: progress)
        let cpu = CPUCostBench(paths: paths, requests: cpuRequests, warmup: min(warmup, cpuRequests), timeout: timeout, runs: runs)
            .run(subjects, progress: progress)
        let memory = MemoryBench(paths: paths, depths: depths, timeout: timeout).run(progress: progress)
        var results = BenchResults(
            machine: machine,
            settings: .init(
                roundTrips: self.roundTrips, warmup: warmup, runs: runs, pushes: pushes, pipelined: pipelined, cpuRequests: cpuRequests,
                stackDepths: depths, navhost: paths.navhost, baselineBin: paths.baselineBin, baselineSource: paths.baselineSource),
            roundTrips: roundTrips, ratios: BenchResults.ratios(roundTrips),
            hostCost: HostCost(roundTrips: roundTrips, cpu: cpu, throughput: throughput), push: push, throughput: throughput, cpu: cpu,
            memory: memory, targets: [], notes: BenchResults.notes(roundTrips))
        results.targets = TargetCheck.evaluate(results)
        print(ReportPrinter.render(results))
        do throws(BenchError) {
            try results.write(to: json)
            print("\nresults: \(json); children's stderr: \(paths.stderrLog)")
        } catch {
            printError(error.description)
        }
    }

    private func resolvePaths() throws -> BenchPaths {
        let own = BenchPaths.ownDirectory()
        let navhost = self.navhost ?? own + "/navhost"
        let worker = screenWorker ?? own + "/screen-worker"
        for path in [navhost, worker] where access(path, X_OK) != 0 {
            throw ValidationError("\(path) is not an executable: build NavShell first (swift build -c release)")
        }
        if let baselineSource, access(baselineSource, R_OK) != 0 {
            throw ValidationError("the baselines directory \(baselineSource) is missing")
        }
        let directory = json.lastIndex(of: "/").map { String(json[..<$0]) } ?? "."
        let log = stderrLog ?? directory + "/stderr.log"
        BenchResults.makeDirectories(directory)
        // A fresh log per run, so what it holds belongs to this run.
        guard let file = fopen(log, "w") else { throw ValidationError("cannot write \(log)") }
        fclose(file)
        return BenchPaths(
            navhost: navhost, screenWorker: worker, baselineBin: baselineBin, baselineSource: baselineSource,
            node: BenchPaths.onPath("node"), stderrLog: log)
    }
}

/// A line on stderr (the C `stderr` global is not concurrency-safe to touch from Swift 6).
func printError(_ message: String) {
    let bytes = Array("navshell-bench: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
