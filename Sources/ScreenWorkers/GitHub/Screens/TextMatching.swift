import Foundation

extension String {
    /// Without leading and trailing white space (Unicode White_Space, as Foundation's
    /// `.whitespacesAndNewlines`). Text with nothing to trim, the usual case, is returned as it
    /// is, without a copy.
    var trimmed: String {
        // Visible ASCII at both ends (no White_Space scalar is): nothing to trim, and no Unicode
        // property look-ups, which were about 1,300 instructions a call on a row's text.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return self }
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
