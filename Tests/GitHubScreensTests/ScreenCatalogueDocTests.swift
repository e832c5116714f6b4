import Foundation
import GitHubScreens
import Testing

/// docs/protocol.md's screen catalogue (section 12) is held to the registry: every built-in
/// kind has its heading there, and every kind a heading names is one of them.
@Suite struct ScreenCatalogueDocTests {
    @Test func everyKindHasItsHeadingAndEveryHeadingAKind() throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/protocol.md")
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("## 12. Screen kinds") })
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        let named = lines[start..<end].filter { $0.hasPrefix("### ") }.flatMap { heading in
            heading.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(named.sorted() == GitHubScreens.descriptors.map(\.kind.rawValue).sorted())
    }
}
