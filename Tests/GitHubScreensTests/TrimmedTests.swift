import Foundation
import Testing
@testable import GitHubScreens

/// `String.trimmed` drops what Foundation's `.whitespacesAndNewlines` would, whether the text
/// takes its fast path (visible ASCII at both ends) or the Unicode one.
@Suite struct TrimmedTests {
    static let texts = [
        "", " ", "\t\n\r ", "grit", "Chronic is a pure Ruby date parser.", " padded ", "\tleading", "trailing\n",
        "\u{A0}no-break\u{A0}", "\u{3000}ideographic\u{3000}", "é", " é ", "😀 emoji 😀", "a\u{2028}", "\u{85}next line",
        "~tilde~", "\u{7F}delete\u{7F}", "x", "\u{1}control\u{1}",
    ]

    @Test(arguments: texts)
    func dropsWhatFoundationDrops(_ text: String) {
        #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
    }
}
