import NavClient

/// Sequential round trips, measured by the C ping_client for every subject, so the client is
/// identical for all of them. Runs are interleaved across subjects, and each figure is the
/// median over the runs.
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
        guard let pingClient = paths.pingClient else {
            return subjects.map { Row(key: $0.key, name: $0.name, roundTripsPerRun: roundTrips, runs: [], unavailable: paths.missing("ping_client")) }
        }
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
            (subject) throws(BenchError) in
            if warmup > 0 { _ = try ping(pingClient, subject, count: warmup) }
            return try ping(pingClient, subject, count: roundTrips)
        }
        for index in rows.indices {
            rows[index].unavailable = unavailable[index]
            rows[index].runs = measured[index]
            rows[index].median = unavailable[index] == nil ? LatencySummary(medianOf: measured[index]) : nil
        }
        return rows
    }

    /// One ping_client run against a fresh instance of the subject.
    private func ping(_ pingClient: String, _ subject: Subject, count: Int) throws(BenchError) -> LatencySummary {
        var environment = ["PING_METHOD": subject.method, "PING_PARAMS": subject.params]
        if let initLine = subject.initLine { environment["PING_INIT"] = initLine }
        let client = try ChildProcess([pingClient, String(count)] + subject.command, environment: environment, stderrPath: paths.stderrLog)
        let deadline = Deadline(seconds: timeout + Double(count) * 0.005)
        let output = try client.readToEnd(deadline: deadline)
        let status = client.wait(deadline: deadline)
        guard status == 0, let figures = RoundTripBench.parse(output) else {
            throw .unexpected("ping_client exited with status \(status) and printed '\(output.trimmingSuffix())'; see \(paths.stderrLog)")
        }
        return figures
    }

    /// Reads "round_trips=N mean_us=X p50_us=Y p99_us=Z".
    static func parse(_ output: String) -> LatencySummary? {
        var fields: [String: Double] = [:]
        for word in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let mean = fields["mean_us"], let p50 = fields["p50_us"], let p99 = fields["p99_us"] else { return nil }
        return LatencySummary(mean: mean, p50: p50, p99: p99)
    }
}

extension String {
    func trimmingSuffix() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
