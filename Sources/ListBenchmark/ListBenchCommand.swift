import ArgumentParser
import Foundation
import NavClient
import NavProtocol

/// Measures the generic list controller at scale through the real navhost: a million-user
/// snapshot's build time, search latency, 50-row window latency at the start, middle and end
/// of the million-row popular list, and the worker's memory with that list open. The windows
/// and the open time are measured twice: cold (the file dropped from the OS page cache, as a
/// snapshot nobody has read since boot) and warm (the whole file read first).
@main
struct ListBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navshell-list-bench",
        abstract: "Benchmarks list windows and search on a large generated snapshot; prints a table and writes JSON.",
        discussion: "Figures are informational: the exit code is 0 whatever they are.")

    @Option(help: "Users in the generated snapshot.")
    var users = 1_000_000

    @Option(help: "Where the snapshot is (generated when missing, or always with --regenerate).")
    var snapshot = "/tmp/navshell-list-bench.sqlite"

    @Flag(help: "Generate the snapshot even if the file exists.")
    var regenerate = false

    @Option(help: "Timed requests per measured point.")
    var samples = 300

    @Option(help: "Where to write the JSON results.")
    var json = ".build/bench/list-results.json"

    @Flag(help: "Skip the cold run (the snapshot dropped from the OS page cache before each point).")
    var warmOnly = false

    @Option(help: "Give github/docs this many issues and pull requests when generating, and measure its lists.")
    var largeRepositoryIssues: Int?

    func run() throws {
        var results = ListBenchResults(users: users, snapshot: snapshot)
        if regenerate || !FileManager.default.fileExists(atPath: snapshot) {
            results.snapshotBuildSeconds = try generate(worker: ExecutableDirectory.path + "/screen-worker")
        }
        results.snapshotBytes = (try? FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) ?? 0

        if !warmOnly {
            // What a user sees opening a snapshot that is not in the page cache: the file is
            // dropped before the host starts and again before each point, so each point's first
            // windows read the disk (docs/performance.md, "The list benchmark").
            try PageCache.drop(snapshot)
            results.residentBytesWhenCold = PageCache.residentBytes(snapshot)
            let cold = try Session(snapshot: snapshot)
            defer { cold.close() }
            results.coldOpenMilliseconds = cold.openMilliseconds
            results.coldWindows = try measureWindows(cold) { try PageCache.drop(snapshot) }
        }

        // Every warm point finds the whole file in the page cache, whichever is measured first.
        try PageCache.load(snapshot)
        let warm = try Session(snapshot: snapshot)
        defer { warm.close() }
        results.openMilliseconds = warm.openMilliseconds
        results.listLength = warm.total
        results.windows = try measureWindows(warm) {}
        results.workerRSSKiB = workerRSS(of: warm.client.pid)
        results.search = try measureSearch(warm.client, screen: warm.screen)
        results.workerRSSAfterSearchKiB = workerRSS(of: warm.client.pid)
        if let largeRepositoryIssues {
            let bench = RepositoryListBench(client: warm.client, samples: samples)
            results.largeRepository = try ["issues", "pulls"].map { try bench.measure($0) }
            let items = results.largeRepository.reduce(0) { $0 + $1.rowsRead }
            guard items >= largeRepositoryIssues else {
                throw ValidationError("github/docs has \(items) issues and pull requests in \(snapshot), not \(largeRepositoryIssues): pass --regenerate")
            }
        }
        print(results.table)
        try results.write(to: json)
        print("\nwrote \(json)")
    }

    private func generate(worker: String) throws -> Double {
        print("generating \(users) users into \(snapshot)…")
        let started = ContinuousClock.now
        let process = Process()
        process.executableURL = URL(fileURLWithPath: worker)
        process.arguments = ["generate-snapshot", "--out", snapshot, "--users", String(users), "--max-repositories-per-user", "1"]
            + (largeRepositoryIssues.map { ["--large-repository-issues", String($0)] } ?? [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("generate-snapshot failed with \(process.terminationStatus)") }
        return started.duration(to: .now).seconds
    }

    /// 50-row windows near the start, the middle and the end, each at a fresh offset 150 rows
    /// from the last (more than a 100-row chunk), so every sample reads the database rather than
    /// the worker's window cache: forward from the start, backward from the end, both ways
    /// around the middle; then jumps anywhere in the list, as a scroll bar dragged makes.
    /// `beforeEachPoint` runs before a point's first window.
    private func measureWindows(_ session: Session, beforeEachPoint: () throws -> Void) throws -> [WindowFigures] {
        let (client, screen, total) = (session.client, session.screen, session.total)
        let last = max(0, total - 50)
        func walk(from base: Int, _ direction: Int) -> [Int] {
            (0..<samples).map { sample in
                let step = sample * 150
                let away = direction == 0 ? (sample % 2 == 0 ? step : -step) : direction * step
                return min(last, max(0, base + away))
            }
        }
        // The golden ratio's multiples modulo 1 spread the jumps evenly, none near the last.
        let jumps = (0..<samples).map { sample in
            Int((Double(sample + 1) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) * Double(last + 1))
        }
        let points: [(String, Int?, [Int])] = [
            ("start", 0, walk(from: 0, 1)), ("middle", total / 2, walk(from: total / 2, 0)),
            ("end", last, walk(from: last, -1)), ("anywhere", nil, jumps),
        ]
        return try points.map { name, base, offsets in
            try beforeEachPoint()
            var timings: [Double] = []
            for offset in offsets {
                let started = ContinuousClock.now
                let rows = try client.send(RowsRequest(screen: screen, offset: offset, limit: 50)).rows
                timings.append(started.duration(to: .now).microseconds)
                guard rows.count == 50 || total < 50 else { throw ValidationError("a window at \(offset) had \(rows.count) rows") }
            }
            return WindowFigures(point: name, offset: base, latency: Latency(timings))
        }
    }

    /// Queries as a user types them: exact logins, prefixes, substrings of logins and names.
    private func measureSearch(_ client: NavClient, screen: String) throws -> Latency {
        let queries = ["torvalds", "mojombo", "an", "mar", "li", "son", "dev", "tom", "ale", "chen", "kim", "ro", "garcia", "hub", "octo"]
        var timings: [Double] = []
        for sample in 0..<samples {
            let query = queries[sample % queries.count] + (sample >= queries.count ? String(sample % 7) : "")
            let started = ContinuousClock.now
            _ = try client.send(QueryRequest(screen: screen, text: query), timeout: 60)
            timings.append(started.duration(to: .now).microseconds)
        }
        return Latency(timings)
    }

    private func workerRSS(of host: Int32) -> Int {
        ProcessTable.children(of: host).filter { $0.command.hasPrefix("screen-worker") }.compactMap { ProcessTable.residentBytes(of: $0.pid) }.max().map { $0 / 1024 } ?? 0
    }
}
