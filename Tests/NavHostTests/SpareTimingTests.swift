import Testing
@testable import NavHost

/// When the warm spare starts, without processes: the host asks `SpareTiming` again after each
/// wait it returns, as its timer does.
@Suite struct SpareTimingTests {
    /// The loop's time (ms) at which the spare starts, wanted at 0, for a client busy (a request
    /// of its unanswered) through each of `busy` (ms, half-open ranges) and idle in between.
    private func startTime(busy: [Range<UInt64>]) -> UInt64 {
        let timing = SpareTiming()
        var now: UInt64 = 0
        for _ in 0..<10_000 {
            let idleSince: UInt64? = busy.contains { $0.contains(now) } ? nil : busy.last { $0.upperBound <= now }?.upperBound ?? 0
            guard let wait = timing.wait(now: now, wantedAt: 0, clientIdleSince: idleSince) else { return now }
            #expect(wait > 0, "a wait of 0 would spin the loop")
            now += wait
        }
        Issue.record("the spare never started")
        return .max
    }

    /// Requests one after another, each busy for 4 ms with 1 ms between, from 0 to `end`.
    private func requests(until end: UInt64) -> [Range<UInt64>] {
        stride(from: 0, to: end, by: 5).map { $0..<($0 + 4) }
    }

    @Test func anIdleClientGetsItsSpareAfterTheDelay() {
        #expect(startTime(busy: []) == 50)
    }

    @Test func aBusyClientGetsItsSpareAtItsFirstPause() {
        // The last request answered at 299 ms, then nothing: the spare starts 20 ms into the pause.
        #expect(startTime(busy: requests(until: 300)) == 319)
        // A pause that began before the delay was over (at 39 ms) counts from its start.
        #expect(startTime(busy: requests(until: 40)) == 59)
    }

    @Test func aClientThatNeverPausesGetsItsSpareAfterTheLongestWait() {
        #expect(startTime(busy: requests(until: 5_000)) == 1_000)
        // One long request in flight is busy too, however quiet its input.
        #expect(startTime(busy: [0..<5_000]) == 1_000)
        // Pauses shorter than the quiet period do not count.
        #expect(startTime(busy: stride(from: 0, to: 5_000, by: 30).map { $0..<($0 + 11) }) == 1_000)
    }

    @Test func timesOutOfOrderAreNotArithmeticErrors() {
        // Idle "since" after `now` (the loop's time is cached per turn) has not been idle yet.
        #expect(SpareTiming().wait(now: 100, wantedAt: 0, clientIdleSince: 150) == 20)
        #expect(SpareTiming().wait(now: 0, wantedAt: 100, clientIdleSince: 0) == 50)
    }
}
