/// CPU time per request with one request in flight at a time: what each process of a subject
/// spends on a request, whatever the scheduler's wake-up latency adds to the round trip.
/// The client here is the benchmark's own; only the subject's processes are counted. Runs are
/// interleaved across subjects, and each figure is the median of the runs (by the front
/// process's CPU), so a burst of other load on the machine does not decide a ratio.
struct CPUCostBench {
    struct Row: Codable {
        var key: Subject.Key
        var name: String
        var requests: Int
        var cpu: CPUPerRequest?
        /// The front process's CPU per request in each run, in microseconds.
        var frontRuns: [Double] = []
        var unavailable: String?
    }

    let paths: BenchPaths
    let requests: Int
    let warmup: Int
    let timeout: Double
    let runs: Int

    func run(_ subjects: [Subject], progress: (String) -> Void) -> [Row] {
        var rows = subjects.map { Row(key: $0.key, name: $0.name, requests: requests, unavailable: $0.unavailable) }
        var unavailable = rows.map(\.unavailable)
        let measured = interleavedRuns(
            of: subjects, runs: runs, unavailable: &unavailable, what: "CPU per sequential request x\(requests)", progress: progress,
            measure: measure)
        for index in rows.indices {
            rows[index].unavailable = unavailable[index]
            guard unavailable[index] == nil, let median = measured[index].medianRun(by: { $0.front }) else { continue }
            rows[index].cpu = median
            rows[index].frontRuns = measured[index].map(\.front)
        }
        return rows
    }

    private func measure(_ subject: Subject) throws(BenchError) -> CPUPerRequest {
        let peer = try subject.start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { peer.finish() }
        for _ in 0..<warmup { _ = try peer.call(subject.method, subject.params) }
        let start = ProcessCPU(pid: peer.pid)
        var last: ArraySlice<UInt8> = []
        for _ in 0..<requests { last = try peer.call(subject.method, subject.params) }
        let end = ProcessCPU(pid: peer.pid)
        _ = try RPCPeer.result(of: last, method: subject.method)
        return ProcessCPU.perRequest(from: start, to: end, requests: requests)
    }
}
