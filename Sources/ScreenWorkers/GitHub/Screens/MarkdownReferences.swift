/// Reference-style links: `[text][label]`, `[text][]` and `[label]`, with their definitions
/// (`[label]: url "title"`) anywhere in the text, outside code.
extension MarkdownLines {
    /// The lines that remain once the definitions are taken out, and the definitions by label.
    static func referenceDefinitions(in text: String) -> (lines: [Substring], references: [String: String]) {
        var lines: [Substring] = []
        var references: [String: String] = [:]
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fenced.toggle() }
            if !fenced, line.count - trimmed.count <= 3, trimmed.first == "[", let close = trimmed.firstIndex(of: "]"),
                trimmed[trimmed.index(after: close)...].first == ":"
            {
                let label = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
                let address = trimmed[trimmed.index(close, offsetBy: 2)...].split(separator: " ").first ?? ""
                if !label.isEmpty, !address.isEmpty {
                    references[normalized(label)] = String(address.hasPrefix("<") && address.hasSuffix(">") ? address.dropFirst().dropLast() : address)
                    continue
                }
            }
            lines.append(line)
        }
        return (lines, references)
    }

    /// Where a link whose `[label]` is followed by `after` points, and where the text goes on:
    /// `(url)`, `[label]` or `[]` looked up in `references` (nil when it is not defined there:
    /// the text reads as the label alone), or the label itself when defined.
    static func linkTarget(after: Substring, label: Substring, _ references: [String: String]) -> (Substring?, String.Index)? {
        if after.first == "(", let end = after.firstIndex(of: ")") {
            return (after[after.index(after: after.startIndex)..<end], after.index(after: end))
        }
        if after.first == "[", let end = after.firstIndex(of: "]") {
            let key = after[after.index(after: after.startIndex)..<end]
            return (references[normalized(key.isEmpty ? label : key)].map { Substring($0) }, after.index(after: end))
        }
        return references[normalized(label)].map { (Substring($0), after.startIndex) }
    }

    /// Labels match without regard to case or runs of spaces, as CommonMark says.
    private static func normalized(_ label: Substring) -> String {
        label.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
