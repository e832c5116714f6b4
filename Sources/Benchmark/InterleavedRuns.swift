/// Measures every subject `runs` times, interleaved (run 1 of each subject, then run 2 of
/// each, ...), so a burst of other load on the machine touches them all alike instead of
/// deciding one subject's figure. Every other round goes through the subjects backwards: when
/// the machine slows down or speeds up steadily over a round, the subject measured last in
/// every round would otherwise take the most of it (navhost is last). A subject already
/// unavailable is skipped; one whose run fails gets its error in `unavailable` and is skipped
/// from then on. Each subject's runs, in the order they ran.
func interleavedRuns<Run>(
    of subjects: [Subject], runs: Int, unavailable: inout [String?], what: String,
    progress: (String) -> Void, measure: (Subject) throws(BenchError) -> Run
) -> [[Run]] {
    var measured: [[Run]] = subjects.map { _ in [] }
    for number in 1...max(1, runs) {
        let order = number % 2 == 1 ? Array(subjects.indices) : subjects.indices.reversed()
        for index in order where unavailable[index] == nil {
            progress("\(what), run \(number)/\(runs): \(subjects[index].name)")
            do throws(BenchError) {
                measured[index].append(try measure(subjects[index]))
            } catch {
                unavailable[index] = error.description
            }
        }
    }
    return measured
}

extension Array {
    /// The middle run by `key` (the upper middle of an even count); nil for none.
    func medianRun(by key: (Element) -> Double) -> Element? {
        isEmpty ? nil : sorted { key($0) < key($1) }[count / 2]
    }
}
