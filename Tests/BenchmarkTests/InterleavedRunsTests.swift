import Testing
@testable import Benchmark

/// The order the benchmark measures its subjects in decides which of them a machine slowing
/// down over a round penalizes, so it is part of what the figures mean.
@Suite struct InterleavedRunsTests {
    private func subject(_ key: Subject.Key) -> Subject {
        Subject(key: key, name: key.rawValue, unavailable: nil, command: ["true"], initLine: nil, method: "ping", params: "{}")
    }

    @Test func everyOtherRoundGoesThroughTheSubjectsBackwards() {
        let subjects = [subject(.worker), subject(.cRelayWorker), subject(.navhost)]
        var unavailable: [String?] = [nil, nil, nil]
        var order: [Subject.Key] = []
        let measured = interleavedRuns(of: subjects, runs: 4, unavailable: &unavailable, what: "test", progress: { _ in }) {
            (subject) throws(BenchError) in
            order.append(subject.key)
            return order.count
        }
        #expect(order == [.worker, .cRelayWorker, .navhost, .navhost, .cRelayWorker, .worker, .worker, .cRelayWorker, .navhost, .navhost, .cRelayWorker, .worker])
        // Each subject's runs come back in the order they ran.
        #expect(measured == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]])
        #expect(unavailable == [nil, nil, nil])
    }

    @Test func aSubjectWhoseRunFailsIsSkippedFromThenOn() {
        let subjects = [subject(.worker), subject(.navhost)]
        var unavailable: [String?] = [nil, nil]
        var navhostRuns = 0
        let measured = interleavedRuns(of: subjects, runs: 3, unavailable: &unavailable, what: "test", progress: { _ in }) {
            (subject) throws(BenchError) in
            guard subject.key == .navhost else { return 1 }
            navhostRuns += 1
            if navhostRuns == 2 { throw .unexpected("it crashed") }
            return 2
        }
        #expect(measured == [[1, 1, 1], [2]])
        #expect(navhostRuns == 2)
        #expect(unavailable[0] == nil)
        #expect(unavailable[1]?.contains("it crashed") == true)
    }
}
