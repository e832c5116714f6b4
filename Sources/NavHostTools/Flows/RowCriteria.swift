import NavProtocol

/// Which rows a step means: every given field must match (title is a regular expression
/// searched in the title, the others are exact), and `index` picks the n-th match (0-based).
struct RowCriteria: CustomStringConvertible {
    var title: TitlePattern?
    var id: String?
    var kind: String?
    var section: String?
    var index: Int?

    var isEmpty: Bool { title == nil && id == nil && kind == nil && section == nil && index == nil }

    func matches(_ row: Row) -> Bool {
        if let id, row.id != id { return false }
        if let kind, row.kind != kind { return false }
        if let section, row.section != section { return false }
        if let title, !title.matches(row.title) { return false }
        return true
    }

    /// The rows meant, in screen order: every match, or the one `index` picks.
    func select(from rows: [Row]) -> [Row] {
        let matching = rows.filter(matches)
        guard let index else { return matching }
        return matching.indices.contains(index) ? [matching[index]] : []
    }

    var description: String {
        var parts: [String] = []
        if let title { parts.append("title ~ /\(title.source)/") }
        if let id { parts.append("id = \(id)") }
        if let kind { parts.append("kind = \(kind)") }
        if let section { parts.append("section = \(section)") }
        if let index { parts.append("index = \(index)") }
        return parts.isEmpty ? "any row" : parts.joined(separator: ", ")
    }
}

/// A regular expression over row titles, compiled when the flow is parsed.
struct TitlePattern {
    let source: String
    private let regex: Regex<AnyRegexOutput>

    init(_ source: String) throws {
        self.source = source
        regex = try Regex(source)
    }

    func matches(_ title: String) -> Bool { title.contains(regex) }
}
