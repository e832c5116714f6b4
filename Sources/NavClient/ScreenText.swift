import NavProtocol

/// A screen as values: what `screen/rows` returned for it, with its place on the stack.
public struct ScreenSnapshot: Sendable, Equatable {
    public var screen: Screen
    public var revision: Int
    public var sections: [SectionInfo]
    public var rows: [Row]

    public func rows(inSection id: String) -> [Row] { rows.filter { $0.section == id } }

    public func row(titled title: String) -> Row? { rows.first { $0.title == title } }
}

extension NavClient {
    /// Reads a screen (the top one by default): its place on the stack and its first `limit` rows.
    public func readScreen(_ id: String? = nil, limit: Int = 200, timeout: Double = 10) throws -> ScreenSnapshot {
        let stack = try send(StackRequest(), timeout: timeout).stack
        guard let screen = id.flatMap({ id in stack.first { $0.id == id } }) ?? (id == nil ? stack.last : nil) else {
            throw NavClientError.unexpectedReply("no screen \(id ?? "") on the stack")
        }
        let rows = try send(RowsRequest(screen: screen.id, offset: 0, limit: limit), timeout: timeout)
        return ScreenSnapshot(screen: screen, revision: rows.revision, sections: rows.sections, rows: rows.rows)
    }
}

/// Renders a screen as plain text, the way `navhost demo` prints it.
public enum ScreenText {
    public static func render(_ snapshot: ScreenSnapshot, depth: Int? = nil, width: Int = 78) -> String {
        var lines: [String] = []
        let place = depth.map { " (depth \($0))" } ?? ""
        lines.append("┌─ \(snapshot.screen.title) · \(snapshot.screen.kind.rawValue) \(snapshot.screen.id)\(place) · revision \(snapshot.revision)")
        for section in snapshot.sections {
            if let header = section.header { lines.append("│ \(header.uppercased())") }
            for row in snapshot.rows(inSection: section.id) {
                lines.append(clip("│   " + line(for: row), width))
                if let subtitle = row.subtitle, !subtitle.isEmpty { lines.append(clip("│       " + subtitle, width)) }
            }
            let shown = snapshot.rows(inSection: section.id).count
            if shown < section.count { lines.append("│   … \(section.count - shown) more") }
            if let footer = section.footer { lines.append(clip("│   (\(footer))", width)) }
        }
        lines.append("└─")
        return lines.joined(separator: "\n")
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
