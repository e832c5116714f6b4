/// CPU time per request with one request in flight at a time: what each process of a subject
/// spends on a request, whatever the scheduler's wake-up latency adds to the round trip.
/// The client here is the benchmark's own; only the subject's processes are counted.
struct CPUCostBench {
    struct Row: Codable {
        var key: Subject.Key
        var name: String
        var requests: Int
        var cpu: CPUPerRequest?
        var unavailable: String?
    }

    let paths: BenchPaths
    let requests: Int
    let warmup: Int
    let timeout: Double

    func run(_ subjects: [Subject], progress: (String) -> Void) -> [Row] {
        subjects.map { subject in
            var row = Row(key: subject.key, name: subject.name, requests: requests, unavailable: subject.unavailable)
            guard row.unavailable == nil else { return row }
            progress("CPU per sequential request x\(requests): \(subject.name)")
            do throws(BenchError) {
                row.cpu = try measure(subject)
            } catch {
                row.unavailable = error.description
            }
            return row
        }
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
