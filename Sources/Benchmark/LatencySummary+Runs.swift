/// Mean, median and 99th percentile of a set of latencies, in microseconds.
struct LatencyFigures: Codable {
    var mean: Double
    var p50: Double
    var p99: Double

    init(mean: Double, p50: Double, p99: Double) {
        self.mean = mean
        self.p50 = p50
        self.p99 = p99
    }

    /// The same percentile positions as ping_client (sorted[n/2], sorted[n*0.99]), so rows compare.
    init?(samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        mean = sorted.reduce(0, +) / Double(sorted.count)
        p50 = sorted[sorted.count / 2]
        p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }

    /// Each figure's median over several runs: one run disturbed by a neighbour's build moves it little.
    init?(medianOf runs: [LatencyFigures]) {
        guard !runs.isEmpty else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        mean = median(runs.map(\.mean))
        p50 = median(runs.map(\.p50))
        p99 = median(runs.map(\.p99))
    }
}
