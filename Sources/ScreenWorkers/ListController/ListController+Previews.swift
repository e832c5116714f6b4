import NavProtocol

/// A write shown before the source answers (docs/protocol.md, "Actions"): the rows its action
/// previews replace the loaded ones of the same id (`reconfigured`), and a previewed row of no
/// loaded id, naming a section read to its end, is added after that section's rows (`inserted`:
/// a new comment), as one new revision; a write that fails puts them back the same way. The
/// additions go before the screen is read again after the writes, which then shows the rows as
/// the source has them.
extension ListController {
    /// Shows each target's previewed rows that differ from the loaded ones, as one update;
    /// returns each target's ids (none when nothing shows differently: then no update is sent).
    func showPreviews(_ targets: [[Row]]) -> [[String]] {
        var inserted: [String] = []
        let shown = targets.map { rows in
            rows.compactMap { row -> String? in
                if let current = loadedRow(row.id) {
                    guard previewed(row, in: current.section) != current else { return nil }
                    previews[row.id] = row
                    return row.id
                }
                guard let section = row.section, canAdd(to: section), !additions.contains(where: { $0.id == row.id }) else { return nil }
                additions.append(row)
                inserted.append(row.id)
                return row.id
            }
        }
        announce(reconfigured: shown.flatMap { $0 }.filter { !inserted.contains($0) }, inserted: inserted)
        return shown
    }

    /// Puts the loaded rows back in place of these previews, and takes back their additions.
    func withdrawPreview(_ ids: [String]) {
        let positions = addedPositions(ids)
        additions.removeAll { ids.contains($0.id) }
        announce(reconfigured: ids.filter { previews.removeValue(forKey: $0) != nil }, removed: positions)
    }

    /// Before the screen is read again: the additions go (the source's rows replace them).
    func withdrawAdditions() {
        let positions = addedPositions(additions.map(\.id))
        additions = []
        announce(removed: positions)
    }

    /// Once the screen was read again: the previews left go, and a row the source shows other
    /// than its preview is announced again.
    func settlePreviews() {
        let left = previews
        previews = [:]
        announce(reconfigured: left.filter { id, preview in loadedRow(id).map { previewed(preview, in: $0.section) != $0 } ?? false }.map(\.key))
    }

    /// A preview as it stands in a section: the row read there, with the section's id.
    func previewed(_ preview: Row, in section: String?) -> Row {
        var row = preview
        row.section = section
        return row
    }

    private func announce(reconfigured: [String] = [], inserted: [String] = [], removed: [RowPosition] = []) {
        guard !reconfigured.isEmpty || !inserted.isEmpty || !removed.isEmpty else { return }
        revision += 1
        notify(changes: RowChanges(inserted: addedPositions(inserted), removed: removed, reconfigured: reconfigured.sorted()), reset: false)
    }

    /// Where these additions stand in the whole list now.
    private func addedPositions(_ ids: [String]) -> [RowPosition] {
        shown.sections.flatMap { section in
            added(to: section.id).enumerated().compactMap { offset, row in
                ids.contains(row.id) ? RowPosition(id: row.id, index: globalOffset(of: section) + section.count + offset) : nil
            }
        }
    }

    /// A row can be added to a section read to its end, in memory (a list read in windows, or
    /// with pages still to come, has no end to add it at).
    private func canAdd(to id: String) -> Bool {
        guard let section = shown.sections.first(where: { $0.id == id }) else { return false }
        return !section.isIndexed && !section.hasMore
    }

    /// The loaded row with this id as the source gives it (no preview), if any.
    private func loadedRow(_ id: String) -> Row? { loaded(rowId: id)?.row }
}
