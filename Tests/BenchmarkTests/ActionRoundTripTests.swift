import NavClient
import Testing

@testable import Benchmark

/// The action bench times a perform to its own update and its own answer, not to whatever reply
/// or update comes first.
@Suite struct ActionRoundTripTests {
    let trip = ActionRoundTrip(id: 7, screen: "s2", rowId: "repo:mojombo/chronic")

    private func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func onlyItsOwnReplyIsItsAnswer() throws {
        #expect(try trip.classify(line(#"{"id":6,"jsonrpc":"2.0","result":{"screen":"s2","status":"done"}}"#)) == .other)
        #expect(try trip.classify(line(#"{"id":7,"jsonrpc":"2.0","result":{"screen":"s2","status":"done"}}"#)) == .answer(["screen": "s2", "status": "done"]))
        #expect(throws: BenchError.self) { try trip.classify(line(#"{"id":7,"jsonrpc":"2.0","result":{"screen":"s3","status":"done"}}"#)) }
    }

    @Test func onlyAnUpdateOfItsScreenNamingItsRowShowsIt() throws {
        let update = { (screen: String, row: String) in
            line(#"{"jsonrpc":"2.0","method":"screen/didUpdate","params":{"changes":{"inserted":[],"moved":[],"reconfigured":["\#(row)"],"removed":[]},"revision":2,"screen":"\#(screen)","sections":[]}}"#)
        }
        #expect(try trip.classify(update("s2", "repo:mojombo/chronic")) == .update)
        #expect(try trip.classify(update("s1", "repo:mojombo/chronic")) == .other)
        #expect(try trip.classify(update("s2", "repo:mojombo/grit")) == .other)
        #expect(try trip.classify(line(#"{"jsonrpc":"2.0","method":"nav/didChange","params":{"note":"screen/didUpdate"}}"#)) == .other)
    }

    @Test func starAndUnstarAreTimedOnTheBuiltHost() throws {
        let paths = BenchPaths(
            navhost: BuildProducts.path(of: "navhost"), screenWorker: BuildProducts.path(of: "screen-worker"), baselineBin: nil, baselineSource: nil,
            node: nil, stderrLog: "/dev/null")
        let measured = try PushBench(paths: paths, pushes: 1, timeout: 30).measureActions()
        #expect(measured.update.count == 100 && measured.answer.count == 100)
        #expect(zip(measured.update, measured.answer).allSatisfy { $0 > 0 && $0 <= $1 })
    }
}
