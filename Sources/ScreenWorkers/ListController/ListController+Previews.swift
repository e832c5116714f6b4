import NavProtocol

/// A write shown before the source answers (docs/protocol.md, "Actions"): the rows its action
/// previews replace the loaded ones of the same id, as one new revision with those rows
/// `reconfigured`; a write that fails puts them back the same way, and once the screen is read
/// again after the writes, the rows show what the source says.
extension ListController {
    /// Shows each target's previewed rows that differ from the loaded ones, as one update;
    /// returns each target's ids (none when nothing shows differently: then no update is sent).
    func showPreviews(_ targets: [[Row]]) -> [[String]] {
        let shown = targets.map { rows in
            rows.compactMap { row -> String? in
                guard let current = loadedRow(row.id), previewed(row, in: current.section) != current else { return nil }
                previews[row.id] = row
                return row.id
            }
        }
        announce(shown.flatMap { $0 })
        return shown
    }

    /// Puts the loaded rows back in place of these previews.
    func withdrawPreview(_ ids: [String]) {
        let withdrawn = ids.filter { previews.removeValue(forKey: $0) != nil }
        announce(withdrawn)
    }

    /// Once the screen was read again: the previews left go, and a row the source shows other
    /// than its preview is announced again.
    func settlePreviews() {
        let left = previews
        previews = [:]
        announce(left.filter { id, preview in loadedRow(id).map { previewed(preview, in: $0.section) != $0 } ?? false }.map(\.key))
    }

    /// A preview as it stands in a section: the row read there, with the section's id.
    func previewed(_ preview: Row, in section: String?) -> Row {
        var row = preview
        row.section = section
        return row
    }

    private func announce(_ ids: [String]) {
        guard !ids.isEmpty else { return }
        revision += 1
        notify(changes: RowChanges(reconfigured: ids.sorted()), reset: false)
    }

    /// The loaded row with this id as the source gives it (no preview), if any.
    private func loadedRow(_ id: String) -> Row? {
        for section in shown.sections {
            if let item = section.item(withRowId: id, render: { render($0, in: section) }) { return render(item, in: section) }
        }
        return nil
    }
}
