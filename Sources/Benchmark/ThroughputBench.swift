import Glibc

/// Requests per second with many in flight: K requests are written without waiting for
/// replies (while the replies are read, so no pipe fills up), and the clock stops when the
/// K-th reply arrives. The same subjects as the round trips, same request shapes; runs are
/// interleaved across subjects and the median run is reported.
struct ThroughputBench {
    struct Row: Codable {
        var key: Subject.Key
        var name: String
        var requests: Int
        /// Seconds per run, in run order.
        var runs: [Double] = []
        var medianSeconds: Double?
        var requestsPerSecond: Double?
        /// CPU per request in the median run.
        var cpu: CPUPerRequest?
        var unavailable: String?
    }

    let paths: BenchPaths
    let requests: Int
    let runs: Int
    let timeout: Double

    func run(_ subjects: [Subject], progress: (String) -> Void) -> [Row] {
        var rows = subjects.map { Row(key: $0.key, name: $0.name, requests: requests, unavailable: $0.unavailable) }
        var unavailable = rows.map(\.unavailable)
        let measured = interleavedRuns(
            of: subjects, runs: runs, unavailable: &unavailable, what: "pipelined x\(requests)", progress: progress, measure: measure)
        for index in rows.indices {
            rows[index].unavailable = unavailable[index]
            rows[index].runs = measured[index].map(\.seconds)
            guard unavailable[index] == nil, let median = measured[index].medianRun(by: { $0.seconds }) else { continue }
            rows[index].medianSeconds = median.seconds
            rows[index].requestsPerSecond = Double(requests) / median.seconds
            rows[index].cpu = median.cpu
        }
        return rows
    }

    private func measure(_ subject: Subject) throws(BenchError) -> (seconds: Double, cpu: CPUPerRequest) {
        let peer = try subject.start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { peer.finish() }
        let warmup = max(1, requests / 10)
        try send(Self.burst(subject, count: warmup, firstID: 1), peer, count: warmup)
        // Written before the clock starts: the client's own work in the run is reading answers.
        let bytes = Self.burst(subject, count: requests, firstID: 1 + warmup)
        let clientStart = ProcessCPU.nanoseconds(pid: getpid())
        let cpuStart = ProcessCPU(pid: peer.pid)
        let start = nowMicroseconds()
        let last = try send(bytes, peer, count: requests)
        let seconds = (nowMicroseconds() - start) / 1e6
        let cpuEnd = ProcessCPU(pid: peer.pid)
        let clientEnd = ProcessCPU.nanoseconds(pid: getpid())
        // Outside the clock: the last reply must be an answer, not an error.
        _ = try RPCPeer.result(of: last[...], method: subject.method)
        var cpu = ProcessCPU.perRequest(from: cpuStart, to: cpuEnd, requests: requests)
        cpu.client = ProcessCPU.microseconds(from: clientStart, to: clientEnd, requests: requests)
        return (seconds, cpu)
    }

    /// `count` request lines, ids from `firstID` on.
    private static func burst(_ subject: Subject, count: Int, firstID: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 96)
        for id in firstID..<(firstID + count) {
            bytes += RPCPeer.requestLine(id: id, method: subject.method, params: subject.params)
        }
        return bytes
    }

    /// Writes a burst of `count` requests at once and returns the last reply line.
    @discardableResult
    private func send(_ bytes: [UInt8], _ peer: RPCPeer, count: Int) throws(BenchError) -> [UInt8] {
        var lastReply: [UInt8] = []
        var seen = 0
        try peer.process.pipeline(bytes, replies: count, isReply: { line in
            guard ReplyLine.isReply(line) else { return false }
            seen += 1
            if seen == count { lastReply = Array(line) }
            return true
        }, deadline: Deadline(seconds: timeout + Double(count) * 0.001))
        return lastReply
    }
}
