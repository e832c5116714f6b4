import Testing
@testable import NavHost

/// The supervisor's arithmetic, without processes: restart intensity and the stderr flood gauge.
@Suite struct SupervisionPolicyTests {
    /// Which of the restarts at these times (ms) are admitted, 3 in 30 s.
    private func admitted(at times: [UInt64], into history: inout RestartHistory) -> [Bool] {
        times.map { history.admit(now: $0, limit: 3, window: 30_000) }
    }

    @Test func restartIntensitySlidesWithItsWindow() {
        var history = RestartHistory()
        // The fourth comes too soon; at 30 s the first has left the window.
        #expect(admitted(at: [0, 10_000, 20_000, 29_999, 30_000], into: &history) == [true, true, true, false, true])
        #expect(history.count == 4)
    }

    @Test func aReloadStartsAFreshWindow() {
        var history = RestartHistory()
        #expect(admitted(at: [1, 2, 3, 4], into: &history) == [true, true, true, false])
        history.forgetRecent()
        #expect(admitted(at: [5], into: &history) == [true])
        #expect(history.count == 4)
    }

    @Test func floodGaugeCountsPerSecond() {
        var gauge = FloodGauge(limitPerSecond: 1000)
        let samples: [(bytes: Int, now: UInt64)] = [(600, 5_000), (600, 5_500), (600, 6_000), (400, 6_999), (1, 6_999)]
        let floods = samples.map { gauge.add($0.bytes, now: $0.now) }
        #expect(floods == [false, true, false, false, true])
    }
}
