import Foundation

extension String {
    var trimmed: String {
        trimmingCharacters(in: .whitespacesAndNewlines)
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
