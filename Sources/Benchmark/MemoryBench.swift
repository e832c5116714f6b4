import Glibc
import NavClient

/// Resident memory of navhost, its workers, and stacks of a given depth; plus the baselines'
/// processes for scale.
struct MemoryBench {
    struct Stack: Codable {
        /// Screens on the stack, the root included.
        var depth: Int
        var host: ProcMemory
        var workers: Int
        var workerRssMinKiB: Int
        var workerRssMedianKiB: Int
        var workerRssMaxKiB: Int
        /// Host plus every worker.
        var totalRssKiB: Int
        var totalPssKiB: Int?
        /// Time to push from the previous depth to this one.
        var secondsToBuild: Double
    }

    struct Results: Codable {
        /// navhost after initialize: the users root screen open, nothing else.
        var hostIdle: ProcMemory?
        /// The root (users) screen's worker, idle.
        var rootWorkerIdle: ProcMemory?
        /// screen-worker started by hand, after answering one request, no screen open.
        var workerNoScreen: ProcMemory?
        /// The same worker after opening a repositories screen.
        var workerRepositoriesOpen: ProcMemory?
        var stacks: [Stack] = []
        /// Processes of the baselines after one round trip, keyed by what they are.
        var baselines: [String: ProcMemory] = [:]
        var unavailable: [String] = []
    }

    let paths: BenchPaths
    let depths: [Int]
    let timeout: Double

    func run(progress: (String) -> Void) -> Results {
        var results = Results()
        do throws(BenchError) {
            progress("memory: navhost and a stack of \(depths.map(String.init).joined(separator: ", "))")
            try measureHost(into: &results)
        } catch {
            results.unavailable.append("navhost: \(error)")
        }
        do throws(BenchError) {
            try measureBareWorker(into: &results)
        } catch {
            results.unavailable.append("screen-worker: \(error)")
        }
        measureBaselines(into: &results)
        return results
    }

    private func measureHost(into results: inout Results) throws(BenchError) {
        let host = try Subject.navhost(paths, arguments: ["--warm-spare", "--awake-screens", String(Self.awakeScreens)])
            .start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { host.finish(seconds: timeout) }
        try host.request("screen/rows", "{\"limit\":50}")
        results.hostIdle = ProcMemory(pid: host.pid)
        results.rootWorkerIdle = WorkerSettling.workers(of: host.pid).first.flatMap { ProcMemory(pid: $0) }
        var depth = 1
        for target in depths.sorted() {
            let start = nowMicroseconds()
            while depth < target {
                // Alternate a user's repositories and one repository's detail, as a user drilling down would.
                let params = depth % 2 == 1
                    ? "{\"kind\":\"repositories\",\"params\":{\"login\":\"mojombo\"}}"
                    : "{\"kind\":\"repository\",\"params\":{\"owner\":\"mojombo\",\"name\":\"grit\"}}"
                try host.request("nav/push", params)
                depth += 1
            }
            let seconds = (nowMicroseconds() - start) / 1e6
            try host.request("screen/rows", "{\"limit\":50}")
            // The spare is replaced shortly after the last push: its cost belongs in the figure.
            try WorkerSettling.waitUntilIdle(
                host.pid, workers: min(depth, Self.awakeScreens) + 1, timeout: timeout,
                waitingFor: "navhost \(host.pid) to settle at its awake screens' workers and the spare")
            results.stacks.append(try stack(host: host.pid, depth: depth, seconds: seconds))
        }
    }

    private func stack(host pid: Int32, depth: Int, seconds: Double) throws(BenchError) -> Stack {
        guard let host = ProcMemory(pid: pid) else { throw .ended("navhost \(pid) is gone") }
        let memories = WorkerSettling.workers(of: pid).compactMap { ProcMemory(pid: $0) }
        // Deep screens hibernate and one spare waits: fewer workers than screens is the point.
        guard !memories.isEmpty else { throw .unexpected("no worker for a stack of \(depth)") }
        let sorted = memories.map(\.rssKiB).sorted()
        let pss = memories.compactMap(\.pssKiB)
        return Stack(
            depth: depth, host: host, workers: memories.count,
            workerRssMinKiB: sorted.first ?? 0, workerRssMedianKiB: sorted[sorted.count / 2], workerRssMaxKiB: sorted.last ?? 0,
            totalRssKiB: host.rssKiB + sorted.reduce(0, +),
            totalPssKiB: host.pssKiB.flatMap { pss.count == memories.count ? $0 + pss.reduce(0, +) : nil },
            secondsToBuild: seconds)
    }

    static let awakeScreens = 6

    private func measureBareWorker(into results: inout Results) throws(BenchError) {
        let worker = RPCPeer(try ChildProcess([paths.screenWorker], stderrPath: paths.stderrLog), timeout: timeout)
        defer { worker.finish() }
        // Any answer proves the worker is up and idle; an unknown method is the cheapest one.
        _ = try worker.call("bench/nothing")
        results.workerNoScreen = ProcMemory(pid: worker.pid)
        try worker.request("worker/open", "{\"screen\":\"s1\",\"kind\":\"repositories\",\"params\":{\"login\":\"mojombo\"}}")
        try worker.request("worker/rows", "{\"offset\":0,\"limit\":50}")
        results.workerRepositoriesOpen = ProcMemory(pid: worker.pid)
    }

    /// echo_worker, uv_relay and node_relay.js, each after one ping.
    private func measureBaselines(into results: inout Results) {
        let subjects = Subject.all(paths)
        for (key, label) in [(Subject.Key.cRelayEcho, "uv_relay"), (.nodeRelayEcho, "node node_relay.js")] {
            guard let subject = subjects.first(where: { $0.key == key }) else { continue }
            if let reason = subject.unavailable {
                results.unavailable.append("\(label): \(reason)")
                continue
            }
            do throws(BenchError) {
                let relay = try subject.start(stderrLog: paths.stderrLog, timeout: timeout)
                defer { relay.finish() }
                try relay.request(subject.method, subject.params)
                results.baselines[label] = ProcMemory(pid: relay.pid)
                if let echo = WorkerSettling.workers(of: relay.pid).first, results.baselines["echo_worker"] == nil {
                    results.baselines["echo_worker"] = ProcMemory(pid: echo)
                }
            } catch {
                results.unavailable.append("\(label): \(error)")
            }
        }
    }
}
