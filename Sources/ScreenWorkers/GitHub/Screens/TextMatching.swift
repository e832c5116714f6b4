import Foundation

extension String {
    /// Without leading and trailing white space (Unicode White_Space, as Foundation's
    /// `.whitespacesAndNewlines`). Text with nothing to trim, the usual case, is returned as it
    /// is, without a copy.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    /// Whether the text contains `query`, ignoring letter case (an empty query matches all).
    func containsIgnoringCase(_ query: String) -> Bool {
        query.isEmpty || range(of: query, options: .caseInsensitive) != nil
    }
}

extension Optional<String> {
    /// The text, or nil when it is absent or blank: GitHub sends "" and null alike for "none".
    var nonBlank: String? {
        guard let text = self?.trimmed, !text.isEmpty else { return nil }
        return text
    }
}
