import NavClient
import NavProtocol

/// What a tool answers about a screen: its place on the stack and one window of its rows, as
/// `structuredContent` for a program and as text for a model (the screen laid out by
/// `ScreenText`, as `navhost show --text` prints it, with the row ids and the next cursor).
struct ScreenAnswer: Equatable, Sendable {
    /// The screen as `nav/stack` gives it (with its restoration token).
    var screen: Screen
    var stack: [Screen]
    var revision: Int
    var sections: [SectionInfo]
    /// The window: rows from `offset` of `section` (all sections in order when nil).
    var rows: [Row]
    var section: String?
    var offset: Int
    var limit: Int
    /// What a selection did, for the select tool.
    var selection: SelectionNote?

    struct SelectionNote: Equatable, Sendable {
        var action: String
        var url: String?
    }

    /// Columns of the text: wider than a terminal's, so a model reads descriptions whole.
    static let textWidth = 120

    /// Why each section that failed to load failed ("Repositories: GitHub's API rate limit is
    /// used up ..."): a tool answering such a screen is an error a model can act on.
    var failures: [String] {
        sections.filter { $0.state == .failed }.map { "\($0.header ?? $0.id): \($0.error ?? "could not load")" }
    }

    /// The sections the window reads, each with where it starts in the window's offsets.
    private var scope: [(info: SectionInfo, start: Int)] {
        var start = 0
        return sections.filter { section == nil || $0.id == section }.map { info in
            defer { start += info.count }
            return (info, start)
        }
    }

    /// The window cut at the end of the first section whose next page is still to come: the
    /// rows after it move when that page arrives, so a cursor past them would skip rows. They
    /// are read once the section is whole.
    func cutAtLoadingSection() -> ScreenAnswer {
        let end = offset + rows.count
        guard let loading = scope.first(where: { $0.info.hasMore == true && (offset..<end).contains($0.start + $0.info.count) })
        else { return self }
        var cut = self
        cut.rows = Array(rows.prefix(loading.start + loading.info.count - offset))
        return cut
    }

    /// The window is empty because it starts where a section's next page is still to come.
    var waitsForAPage: Bool {
        rows.isEmpty && scope.contains { $0.info.hasMore == true && $0.start + $0.info.count == offset }
    }

    /// Rows the window covers: those of its section, or of every section.
    var total: Int {
        sections.filter { section == nil || $0.id == section }.reduce(0) { $0 + $1.count }
    }

    private var moreToLoad: Bool {
        sections.contains { (section == nil || $0.id == section) && $0.hasMore == true }
    }

    /// Where the next window starts, while rows follow this one.
    var nextCursor: RowCursor? {
        let end = offset + rows.count
        guard !rows.isEmpty, end < total || moreToLoad else { return nil }
        return RowCursor(screen: screen.id, query: screen.token?.query ?? "", section: section, offset: end, limit: limit)
    }

    /// `ScreenJSON`'s object, with `nextCursor` while rows follow and a selection's `action`
    /// and `url`.
    var structuredContent: JSONValue {
        var fields = ScreenJSON.object(ScreenSnapshot(screen: screen, revision: revision, sections: sections, rows: rows), stack: stack)
        if let cursor = nextCursor { fields["nextCursor"] = .string(cursor.encoded) }
        if let selection {
            fields["action"] = .string(selection.action)
            if let url = selection.url { fields["url"] = .string(url) }
        }
        return .object(fields)
    }

    var text: String {
        var lines: [String] = []
        if let selection {
            switch selection.action {
            case "openURL": lines.append("The row is a link: \(selection.url ?? "") (the stack did not change).")
            case "none": lines.append("Selecting that row does nothing; the stack did not change.")
            default: break
            }
        }
        lines.append(ScreenText.render(ScreenSnapshot(screen: screen, revision: revision, sections: sections, rows: rows), depth: stack.count, width: Self.textWidth))
        lines.append("Stack: " + stack.map(\.title).joined(separator: " › ") + (stack.count > 1 ? " (back returns to \(stack[stack.count - 2].title))" : ""))
        if offset > 0 || rows.count < total {
            let scope = section.map { " of section \($0)" } ?? ""
            lines.append(rows.isEmpty ? "No rows from \(offset + 1)\(scope) (\(total) in all)." : "Rows \(offset + 1)-\(offset + rows.count) of \(total)\(scope)\(moreToLoad ? ", more to load" : "").")
        }
        if !rows.isEmpty {
            lines.append("Row ids (select takes one): " + rows.map(\.id).joined(separator: ", "))
        }
        if let cursor = nextCursor {
            lines.append("More rows follow: call rows with cursor \"\(cursor.encoded)\".")
        }
        return lines.joined(separator: "\n")
    }
}
