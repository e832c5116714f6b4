import NavClient

/// Sequential round trips, timed by the benchmark's own client for every subject, so the client
/// is identical for all of them. Each run starts a fresh instance of the subject and warms it
/// with `warmup` untimed round trips before timing `roundTrips` more on that same instance: a
/// relay written for a JIT (Node) is measured as it runs in an editor after its first few
/// thousand messages, not while it compiles. Runs are interleaved across subjects, and each
/// figure is the median over the runs.
struct RoundTripBench {
    struct Row: Codable {
        var key: Subject.Key
        var name: String
        var roundTripsPerRun: Int
        var runs: [LatencySummary]
        /// Median over the runs, in microseconds.
        var median: LatencySummary?
        var unavailable: String?
    }

    let paths: BenchPaths
    let roundTrips: Int
    let warmup: Int
    let runs: Int
    let timeout: Double

    func run(_ subjects: [Subject], progress: (String) -> Void) -> [Row] {
        var rows = subjects.map { subject in
            Row(key: subject.key, name: subject.name, roundTripsPerRun: roundTrips, runs: [], unavailable: subject.unavailable)
        }
        for index in rows.indices where rows[index].unavailable == nil {
            do throws(BenchError) {
                try subjects[index].probe(stderrLog: paths.stderrLog, timeout: timeout)
            } catch {
                rows[index].unavailable = error.description
            }
        }
        var unavailable = rows.map(\.unavailable)
        let measured = interleavedRuns(of: subjects, runs: runs, unavailable: &unavailable, what: "round trips", progress: progress) {
            (subject) throws(BenchError) in try measure(subject)
        }
        for index in rows.indices {
            rows[index].unavailable = unavailable[index]
            rows[index].runs = measured[index]
            rows[index].median = unavailable[index] == nil ? LatencySummary(medianOf: measured[index]) : nil
        }
        return rows
    }

    /// One run: a fresh instance of the subject, warmed, then timed.
    func measure(_ subject: Subject) throws(BenchError) -> LatencySummary {
        let peer = try subject.start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { peer.finish() }
        _ = try peer.timedRoundTrips(subject.method, subject.params, count: warmup)
        let latencies = try peer.timedRoundTrips(subject.method, subject.params, count: roundTrips)
        guard let summary = LatencySummary(samples: latencies) else { throw .unexpected("no round trips to time") }
        return summary
    }
}

extension RPCPeer {
    /// `count` requests sent one at a time, each timed in microseconds from the write of its line
    /// to the end of its reply line (notifications skipped), as shared/baseline's ping_client
    /// times them: the line is made before the clock starts. What the clock sees on this side is
    /// a write, a poll for the reply and its read.
    func timedRoundTrips(_ method: String, _ params: String, count: Int) throws(BenchError) -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        for _ in 0..<count {
            let line = RPCPeer.requestLine(id: takeID(), method: method, params: params)
            let deadline = Deadline(seconds: timeout)
            let start = nowMicroseconds()
            try process.write(line, deadline: deadline)
            while !ReplyLine.isReply(try process.readLine(deadline: deadline)) {}
            latencies.append(nowMicroseconds() - start)
        }
        return latencies
    }
}
