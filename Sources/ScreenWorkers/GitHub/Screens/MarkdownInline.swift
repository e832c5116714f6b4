import Foundation

extension MarkdownLines {
    /// A line's text without inline markup, and the links in it as `.link` lines: `[text](url)`,
    /// `[text][label]`, `[label]` (with a definition in `references`) and `<a href="url">text</a>`
    /// keep their text, `![alt](url)` (an image, often a badge) is dropped, `<url>` and bare
    /// `http(s)://` addresses stay as text; `**`, `__`, `*`, `` ` `` and HTML tags go, and HTML's
    /// character references are decoded.
    static func inline(_ raw: String, base: String?, references: [String: String] = [:]) -> (text: String, links: [MarkdownLine]) {
        var text = ""
        var links: [MarkdownLine] = []
        var rest = Substring(raw)
        func link(_ title: String, _ address: Substring) {
            let url = resolve(String(address.split(separator: " ").first ?? address), base: base)
            links.append(MarkdownLine(style: .link, text: title.isEmpty ? url : title, url: url))
        }
        while let first = rest.first {
            let isImage = first == "!" && rest.dropFirst().first == "["
            if first == "[" || isImage, let close = rest.firstIndex(of: "]"),
                let (address, next) = linkTarget(after: rest[rest.index(after: close)...], label: rest[rest.index(after: rest.startIndex)..<close], references)
            {
                let label = inline(String(rest[rest.index(rest.startIndex, offsetBy: isImage ? 2 : 1)..<close]), base: base).text
                if !isImage {
                    text += label
                    if let address { link(label, address) }
                }
                rest = rest[next...]
            } else if first == "<", let end = rest.firstIndex(of: ">"), let mark = rest.dropFirst().first, mark.isLetter || mark == "/" {
                let inside = rest[rest.index(after: rest.startIndex)..<end]
                rest = rest[rest.index(after: end)...]
                if inside.hasPrefix("http://") || inside.hasPrefix("https://") {
                    text += inside
                    link("", inside)
                } else if let href = anchorHref(inside), let close = rest.range(of: "</a>", options: .caseInsensitive) {
                    let label = inline(String(rest[..<close.lowerBound]), base: base).text
                    text += label
                    link(label, href)
                    rest = rest[close.upperBound...]
                }
            } else if first == "&", let (character, next) = characterReference(at: rest) {
                text.append(character)
                rest = rest[next...]
            } else if rest.hasPrefix("http://") || rest.hasPrefix("https://") {
                var address = rest.prefix { !$0.isWhitespace && $0 != ")" }
                while let last = address.last, ".,;:!?".contains(last) { address = address.dropLast() }
                text += address
                link("", address)
                rest = rest.dropFirst(address.count)
            } else if first == "`" || (first == "*" && !(text.last?.isWhitespace ?? true && rest.dropFirst().first == " "))
                || (first == "_" && (rest.hasPrefix("__") || isBoundary(text.last) || isBoundary(rest.dropFirst().first)))
            {
                rest = rest.dropFirst()
            } else if first == "\\", let next = rest.dropFirst().first, next.isPunctuation || next.isSymbol {
                text.append(next)
                rest = rest.dropFirst(2)
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        return (text.trimmingCharacters(in: .whitespaces), links)
    }

    private static func isBoundary(_ character: Character?) -> Bool {
        character.map { $0.isWhitespace || $0.isPunctuation } ?? true
    }

    /// An absolute URL: a relative link is resolved against `base` (a README's folder on GitHub).
    static func resolve(_ address: String, base: String?) -> String {
        if address.contains("://") || address.hasPrefix("mailto:") || address.hasPrefix("#") { return address }
        guard let base else { return address }
        return (base.hasSuffix("/") ? base : base + "/") + (address.hasPrefix("./") ? String(address.dropFirst(2)) : address)
    }
}
