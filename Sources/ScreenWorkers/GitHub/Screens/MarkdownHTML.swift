import Foundation

/// The HTML that GitHub's Markdown lets through, as `MarkdownLines` reads it: comments (issue and
/// pull request templates are full of them), block tags on a line of their own, `<a href>`
/// links and character references.
extension MarkdownLines {
    /// A line that starts with a block-level tag: it stands alone, never inside a paragraph.
    enum HTMLBlock: Equatable {
        case heading(level: Int)
        case listItem
        case other

        static let names: Set<Substring> = [
            "p", "div", "ul", "ol", "li", "details", "summary", "blockquote", "table", "thead", "tbody", "tr", "td", "th",
            "pre", "hr", "br", "img", "picture", "source", "center", "dl", "dt", "dd", "section", "h1", "h2", "h3", "h4", "h5", "h6",
        ]

        init?(line: String) {
            guard line.first == "<" else { return nil }
            var name = line.dropFirst()
            let closing = name.first == "/"
            if closing { name = name.dropFirst() }
            name = name.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let lowered = Substring(name.lowercased())
            guard Self.names.contains(lowered) else { return nil }
            if !closing, lowered.count == 2, lowered.first == "h", let level = Int(lowered.dropFirst()) {
                self = .heading(level: level)
            } else {
                self = !closing && lowered == "li" ? .listItem : .other
            }
        }
    }

    /// The text with every `<!-- ... -->` taken out, an unclosed one to the end.
    static func withoutComments(_ text: String) -> String {
        guard text.contains("<!--") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The address of an `<a href="...">` tag (its inside, without the angle brackets).
    static func anchorHref(_ tag: Substring) -> Substring? {
        guard tag.count > 2, tag.prefix(2).lowercased() == "a ", let href = tag.range(of: "href=", options: .caseInsensitive),
            let quote = tag[href.upperBound...].first, quote == "\"" || quote == "'"
        else { return nil }
        let value = tag[tag.index(after: href.upperBound)...]
        return value.firstIndex(of: quote).map { value[..<$0] }
    }

    static let namedCharacters: [Substring: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    /// The character an `&name;`, `&#NNN;` or `&#xHH;` at the start of `text` stands for, and
    /// where the text goes on after it; nil when it is not one.
    static func characterReference(at text: Substring) -> (Character, String.Index)? {
        guard let end = text.prefix(10).firstIndex(of: ";") else { return nil }
        let name = text[text.index(after: text.startIndex)..<end]
        let next = text.index(after: end)
        if let named = namedCharacters[name] { return (named, next) }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value > 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (Character(scalar), next)
    }
}
