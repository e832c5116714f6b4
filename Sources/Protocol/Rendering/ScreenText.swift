/// A screen laid out as text lines, with the line of each row so a client can map a cursor
/// line back to the row under it.
public struct RenderedScreen: Sendable, Equatable {
    public var lines: [String]
    /// The 0-based line of each row's title, by row id.
    public var rowLines: [String: Int]

    public var text: String { lines.joined(separator: "\n") }
}

/// Renders a screen as plain text: what `navhost demo` prints, what `screen/render` returns and
/// what a failing flow shows.
public enum ScreenText {
    /// A place to point at: a failing flow marks its first mismatch.
    public enum Mark: Sendable, Equatable {
        case title
        case section(String)
        case row(String)
    }

    public static let markPrefix = "▶"

    public static func render(_ snapshot: ScreenSnapshot, depth: Int? = nil, width: Int = 78, marking mark: Mark? = nil) -> String {
        layout(snapshot, depth: depth, width: width, marking: mark).text
    }

    /// The lines of `render`, and each row's. `under` gives lines to put under a row, after its
    /// subtitle, clipped to `width` as every line is (`navhost show --actions` lists a row's
    /// actions there).
    public static func layout(
        _ snapshot: ScreenSnapshot, depth: Int? = nil, width: Int = 78, marking mark: Mark? = nil, under: ((Row) -> [String])? = nil
    ) -> RenderedScreen {
        var lines: [String] = []
        var rowLines: [String: Int] = [:]
        func add(_ text: String, marked: Bool = false) {
            let line = marked ? markPrefix + text.dropFirst() : Substring(text)
            lines.append(clip(String(line), max(width, 8)))
        }
        let place = depth.map { " (depth \($0))" } ?? ""
        add("┌─ \(snapshot.screen.title) · \(snapshot.screen.kind.rawValue) \(snapshot.screen.id)\(place) · revision \(snapshot.revision)", marked: mark == .title)
        for section in snapshot.sections {
            let sectionMarked = mark == .section(section.id)
            if let header = section.header { add("│ \(header.uppercased())", marked: sectionMarked) }
            let rows = snapshot.rows(inSection: section.id)
            for row in rows {
                rowLines[row.id] = lines.count
                add("│   " + line(for: row), marked: mark == .row(row.id) || (sectionMarked && section.header == nil && row.id == rows.first?.id))
                if let subtitle = row.subtitle, !subtitle.isEmpty { add("│       " + subtitle) }
                for text in under?(row) ?? [] { add(text) }
            }
            if rows.count < section.count { add("│   … \(section.count - rows.count) more") }
            if let footer = section.footer { add("│   (\(footer))") }
        }
        add("└─")
        return RenderedScreen(lines: lines, rowLines: rowLines)
    }

    private static func line(for row: Row) -> String {
        var text = row.title
        if let detail = row.detail, !detail.isEmpty { text += "  —  \(detail)" }
        switch row.accessory {
        case .disclosure?: text += "  ›"
        case .link?: text += "  ↗"
        case nil: break
        }
        return text
    }

    private static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
