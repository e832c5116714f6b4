/// Mean, median and 99th percentile of a set of timings (in whatever unit they come): the one
/// summary every benchmark uses. The positions are those of the C baseline's ping_client,
/// sorted[n/2] and sorted[n*0.99] (clamped to the last), so figures compare with it. No
/// samples have no figures: nil, never zeros that would read as instant.
public struct LatencySummary: Codable, Sendable, Equatable {
    public var mean: Double
    public var p50: Double
    public var p99: Double

    public init(mean: Double, p50: Double, p99: Double) {
        self.mean = mean
        self.p50 = p50
        self.p99 = p99
    }

    public init?(samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        mean = sorted.reduce(0, +) / Double(sorted.count)
        p50 = sorted[sorted.count / 2]
        p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }
}
