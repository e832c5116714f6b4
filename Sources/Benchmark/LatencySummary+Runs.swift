import NavClient

extension LatencySummary {
    /// Each figure's median over several runs: one run disturbed by a neighbour's build moves it little.
    init?(medianOf runs: [LatencySummary]) {
        guard !runs.isEmpty else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        self.init(mean: median(runs.map(\.mean)), p50: median(runs.map(\.p50)), p99: median(runs.map(\.p99)))
    }
}
