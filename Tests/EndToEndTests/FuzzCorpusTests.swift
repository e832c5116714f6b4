import Glibc
import NavClient
import Testing

/// The fuzz corpus as a regression test: the normal build of ProtocolFuzzer replays every input
/// (seeds and kept findings) through the same checks the fuzzer runs.
@Suite struct FuzzCorpusTests {
    @Test func everyCorpusInputReplaysCleanly() throws {
        let corpus = String(#filePath[..<#filePath.range(of: "/Tests/")!.lowerBound]) + "/Tests/Fuzz/corpus"
        let inputs = try #require(fileNames(in: corpus)).map { corpus + "/" + $0 }
        #expect(inputs.count >= 10)
        let result = try runCommand(BuildProducts.path(of: "ProtocolFuzzer"), inputs)
        #expect(result.status.exitCode == 0)
        #expect(result.output == "replayed \(inputs.count) inputs\n")
    }

    private func fileNames(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
