import Testing

@testable import GitHubScreens

@Suite struct CountFormatTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1k"), (1_234, "1.2k"), (9_960, "10k"), (12_345, "12k"),
        (191_504, "192k"), (999_600, "1M"), (1_500_000, "1.5M"), (2_000_000_000, "2B"),
    ])
    func abbreviates(count: Int, shown: String) {
        #expect(CountFormat.abbreviated(count) == shown)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (191_504, "191,504"), (1_234_567, "1,234,567")])
    func groupsThousands(count: Int, shown: String) {
        #expect(CountFormat.grouped(count) == shown)
    }
}
