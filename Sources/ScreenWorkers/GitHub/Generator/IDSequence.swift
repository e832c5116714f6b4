/// Increasing ids with random gaps, as GitHub's sequential ids look when sampled, never reusing
/// an id a hand-written account already has.
struct IDSequence {
    private var last: Int
    private let meanGap: Int
    private let taken: Set<Int>

    init(after start: Int, meanGap: Int, taken: Set<Int>) {
        last = start
        self.meanGap = max(1, meanGap)
        self.taken = taken
    }

    mutating func next(_ random: inout SplitMix64) -> Int {
        repeat {
            last += 1 + random.below(2 * meanGap)
        } while taken.contains(last)
        return last
    }
}
