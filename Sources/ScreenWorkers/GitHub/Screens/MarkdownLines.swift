import Foundation

/// One readable line of a Markdown text: a heading, a paragraph, a list item or a code line,
/// with no markup left, or a link found in one of them.
public struct MarkdownLine: Sendable, Equatable {
    public enum Style: String, Sendable {
        case heading, paragraph, listItem, code, link
    }

    public var style: Style
    public var text: String
    /// A heading's level (1 for `#`), nil for every other style.
    public var level: Int?
    /// A link's address, made absolute.
    public var url: String?
}

/// A line with its row's id, stable within its screen.
public struct NumberedLine: Sendable, Equatable {
    public var id: String
    public var line: MarkdownLine
}

/// Turns Markdown (issue bodies, comments, READMEs) into readable lines: ATX and setext
/// headings, paragraphs joined into one line, list items, fenced and indented code line by line;
/// emphasis, inline code marks, images, HTML comments and tags dropped (GitHub's bodies mix in
/// HTML: `<h2>` and `<li>` lines read as headings and list items); each link, inline, by reference
/// or `<a href>`, after the line it is in, as a `.link` line of its own, relative ones resolved
/// against `base`.
public enum MarkdownLines {
    public static func lines(of markdown: String, base: String? = nil) -> [MarkdownLine] {
        let (body, references) = referenceDefinitions(in: withoutComments(markdown.replacingOccurrences(of: "\r\n", with: "\n")))
        var result: [MarkdownLine] = []
        var paragraph: [String] = []
        var fence: Substring?
        func add(_ style: MarkdownLine.Style, _ raw: String, level: Int? = nil) {
            let (text, links) = inline(raw, base: base, references: references)
            if !text.isEmpty { result.append(MarkdownLine(style: style, text: text, level: level)) }
            result += links
        }
        func endParagraph() {
            if !paragraph.isEmpty { add(.paragraph, paragraph.joined(separator: " ")) }
            paragraph = []
        }
        for rawLine in body {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if line.hasPrefix(open) { fence = nil } else if !rawLine.isEmpty { result.append(MarkdownLine(style: .code, text: String(rawLine))) }
                continue
            }
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                endParagraph()
                fence = line.prefix(3)
            } else if line.isEmpty {
                endParagraph()
            } else if rawLine.hasPrefix("    ") || rawLine.hasPrefix("\t"), paragraph.isEmpty, result.last?.style != .listItem {
                result.append(MarkdownLine(style: .code, text: line))
            } else if let hashes = line.firstIndex(where: { $0 != "#" }), (1...6).contains(line.distance(from: line.startIndex, to: hashes)), line[hashes] == " " {
                endParagraph()
                add(.heading, String(line[hashes...]), level: line.distance(from: line.startIndex, to: hashes))
            } else if !paragraph.isEmpty, line.allSatisfy({ $0 == "=" }) || line.allSatisfy({ $0 == "-" }) {
                let title = paragraph.joined(separator: " ")
                paragraph = []
                add(.heading, title, level: line.first == "=" ? 1 : 2)
            } else if let block = HTMLBlock(line: line) {
                endParagraph()
                switch block {
                case .heading(let level): add(.heading, line, level: level)
                case .listItem: add(.listItem, line)
                case .other: add(.paragraph, line)
                }
            } else if let item = listItem(line) {
                endParagraph()
                add(.listItem, item)
            } else if line.allSatisfy({ "-*_ ".contains($0) }) && line.count >= 3 {
                endParagraph()  // A thematic break.
            } else {
                paragraph.append(line.hasPrefix(">") ? String(line.drop { $0 == ">" || $0 == " " }) : line)
            }
        }
        endParagraph()
        return result
    }

    /// The text of a list item line ("- x", "* x", "+ x", "1. x"), nil for any other line.
    private static func listItem(_ line: String) -> String? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " { return String(line.dropFirst(2)) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
        return String(rest.dropFirst(2))
    }
}
