import NavProtocol

/// Which rows a step means: every given field must match, and `index` picks the n-th match
/// (0-based). Texts are regular expressions that must match the whole text, as in Maestro
/// (`grit` matches "grit", not "grit-tools"; `gr.*` matches both): `title`, `subtitle`,
/// `detail`, and `text`, which matches when any of the three does. `id`, `kind` and `section`
/// are exact. `values` compares the row's typed values (`stars: {atLeast: 1000}`).
struct RowCriteria: CustomStringConvertible {
    var title: TextPattern?
    var subtitle: TextPattern?
    var detail: TextPattern?
    var text: TextPattern?
    var id: String?
    var kind: String?
    var section: String?
    var values: [(key: String, condition: ValueCondition)] = []
    var index: Int?

    static let keys = ["title", "subtitle", "detail", "text", "id", "kind", "section", "values", "index"]

    var isEmpty: Bool {
        title == nil && subtitle == nil && detail == nil && text == nil && id == nil && kind == nil && section == nil
            && values.isEmpty && index == nil
    }

    func matches(_ row: Row) -> Bool {
        if let id, row.id != id { return false }
        if let kind, row.kind != kind { return false }
        if let section, row.section != section { return false }
        if let title, !title.matches(row.title) { return false }
        if let subtitle, !subtitle.matches(row.subtitle) { return false }
        if let detail, !detail.matches(row.detail) { return false }
        if let text, ![row.title, row.subtitle, row.detail].contains(where: text.matches) { return false }
        return values.allSatisfy { key, condition in condition.accepts(row.values?[key]) }
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
        if let subtitle { parts.append("subtitle ~ /\(subtitle.source)/") }
        if let detail { parts.append("detail ~ /\(detail.source)/") }
        if let text { parts.append("text ~ /\(text.source)/") }
        if let id { parts.append("id = \(id)") }
        if let kind { parts.append("kind = \(kind)") }
        if let section { parts.append("section = \(section)") }
        parts += values.map { "values.\($0.key) \($0.condition)" }
        if let index { parts.append("index = \(index)") }
        return parts.isEmpty ? "any row" : parts.joined(separator: ", ")
    }
}

/// A regular expression over a row's text, compiled when the flow is parsed; it must match
/// the whole text (an absent text never matches).
struct TextPattern {
    let source: String
    private let regex: Regex<AnyRegexOutput>

    init(_ source: String) throws {
        self.source = source
        regex = try Regex(source)
    }

    func matches(_ text: String?) -> Bool {
        guard let text else { return false }
        return (try? regex.wholeMatch(in: text)) != nil
    }
}

/// What a row's typed value must be: equal to a number, text or boolean, or a number within bounds.
enum ValueCondition: CustomStringConvertible {
    /// `source` is the flow's text, so `login: 123` still matches the login "123".
    case equals(JSONValue, source: String)
    case range(atLeast: Double?, atMost: Double?)

    func accepts(_ value: JSONValue?) -> Bool {
        switch self {
        case .equals(let expected, let source):
            guard let value else { return false }
            if let wanted = expected.numberValue, let number = value.numberValue { return wanted == number }
            return value == expected || value.stringValue == source
        case .range(let minimum, let maximum):
            guard let number = value?.numberValue else { return false }
            return (minimum.map { number >= $0 } ?? true) && (maximum.map { number <= $0 } ?? true)
        }
    }

    var description: String {
        switch self {
        case .equals(let value, _): return "= \(value.serializedString)"
        case .range(let minimum, let maximum):
            return [minimum.map { "≥ \(Self.format($0))" }, maximum.map { "≤ \(Self.format($0))" }].compactMap { $0 }.joined(separator: " and ")
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension JSONValue {
    fileprivate var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
