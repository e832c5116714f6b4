import GitHubModels
/// The snapshot's fixed "now", and when GitHub accounts with a given id were created.
enum SnapshotTimeline {
    /// Every generated timestamp is before this moment: 2025-06-01T00:00:00Z.
    static let now = ISO8601Timestamp.epochSeconds(year: 2025, month: 6, day: 1)

    /// GitHub opened to the public in April 2008; user ids below this were early adopters.
    static let launch = ISO8601Timestamp.epochSeconds(year: 2008, month: 4, day: 10)

    /// Roughly when GitHub handed out user ids, read off public accounts.
    private static let userIDMilestones: [(id: Int, seconds: Int)] = [
        (1, ISO8601Timestamp.epochSeconds(year: 2007, month: 10, day: 20)),
        (100_000, ISO8601Timestamp.epochSeconds(year: 2009, month: 6, day: 1)),
        (1_000_000, ISO8601Timestamp.epochSeconds(year: 2011, month: 9, day: 1)),
        (5_000_000, ISO8601Timestamp.epochSeconds(year: 2013, month: 8, day: 1)),
        (10_000_000, ISO8601Timestamp.epochSeconds(year: 2014, month: 12, day: 1)),
        (25_000_000, ISO8601Timestamp.epochSeconds(year: 2017, month: 1, day: 1)),
        (50_000_000, ISO8601Timestamp.epochSeconds(year: 2019, month: 5, day: 1)),
        (75_000_000, ISO8601Timestamp.epochSeconds(year: 2020, month: 11, day: 1)),
        (100_000_000, ISO8601Timestamp.epochSeconds(year: 2022, month: 3, day: 1)),
        (150_000_000, ISO8601Timestamp.epochSeconds(year: 2023, month: 11, day: 1)),
        (200_000_000, ISO8601Timestamp.epochSeconds(year: 2025, month: 3, day: 1)),
    ]

    /// The highest user id the generator hands out.
    static let lastUserID = 200_000_000

    /// Seconds since 1970 when the account with this id was created (linear between milestones).
    static func creationTime(ofUserID id: Int) -> Int {
        guard let first = userIDMilestones.first, let last = userIDMilestones.last else { return now }
        if id <= first.id { return first.seconds }
        guard let upper = userIDMilestones.firstIndex(where: { $0.id >= id }) else { return last.seconds }
        let (lowID, lowTime) = userIDMilestones[upper - 1]
        let (highID, highTime) = userIDMilestones[upper]
        return lowTime + (highTime - lowTime) * (id - lowID) / (highID - lowID)
    }

    /// A moment uniformly between `start` and `end`.
    static func between(_ start: Int, _ end: Int, _ random: inout SplitMix64) -> Int {
        start + Int(Double(max(0, end - start)) * random.unit())
    }

    static func string(_ seconds: Int) -> String {
        ISO8601Timestamp.string(fromEpochSeconds: seconds)
    }
}
