import NavClient
import Testing

/// The one latency summary both benchmarks use.
@Suite struct LatencySummaryTests {
    @Test func noSamplesHaveNoFigures() {
        #expect(LatencySummary(samples: []) == nil)
    }

    @Test func oneSampleIsEveryFigure() {
        #expect(LatencySummary(samples: [42]) == LatencySummary(mean: 42, p50: 42, p99: 42))
    }

    @Test func percentilesArePingClientsPositionsInTheSortedSamples() {
        // 1...200 shuffled: sorted[100] = 101 and sorted[Int(200 * 0.99)] = sorted[198] = 199.
        let samples = (1...200).map(Double.init).shuffled()
        #expect(LatencySummary(samples: samples) == LatencySummary(mean: 100.5, p50: 101, p99: 199))
        // Few samples: the 99th percentile is the largest, not past the end.
        #expect(LatencySummary(samples: [3, 1, 2])?.p99 == 3)
    }
}
