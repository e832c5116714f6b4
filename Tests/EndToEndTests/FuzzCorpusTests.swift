import NavClient
import Testing

/// The fuzz corpus as a regression test: the normal build of ProtocolFuzzer replays every input
/// (seeds and kept findings) through the same checks the fuzzer runs.
@Suite struct FuzzCorpusTests {
    @Test func everyCorpusInputReplaysCleanly() throws {
        let corpus = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/Tests/Fuzz/corpus"
        let result = try runCommand("/bin/sh", ["-c", "'\(BuildProducts.path(of: "ProtocolFuzzer"))' '\(corpus)'/*"])
        #expect(result.status.exitCode == 0)
        #expect(result.output.hasPrefix("replayed "))
        #expect(!result.output.hasPrefix("replayed 0 "))
    }
}
