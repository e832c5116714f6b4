import NavProtocol

/// The differences between a recorded stack snapshot and the current one, one line per
/// screen field, section or row: rows are matched by their stable id.
struct SnapshotDiff {
    private(set) var lines: [String] = []
    /// The first screen (0-based) and row that differ, to mark on the screen shown.
    private(set) var firstScreenIndex: Int?
    private(set) var firstRowId: String?

    init(recorded: JSONValue, current: JSONValue) {
        let old = recorded["stack"]?.arrayValue ?? []
        let new = current["stack"]?.arrayValue ?? []
        for position in 0..<max(old.count, new.count) {
            let name = "screen \(position + 1)"
            guard position < old.count else {
                note(position, "+ \(name): \(describe(new[position])) (not recorded)")
                continue
            }
            guard position < new.count else {
                note(position, "- \(name): \(describe(old[position])) (recorded, now gone)")
                continue
            }
            compareScreens(old[position], new[position], at: position, name: name)
        }
    }

    private mutating func compareScreens(_ old: JSONValue, _ new: JSONValue, at position: Int, name: String) {
        for field in ["kind", "title", "params"] where old[field] != new[field] {
            note(position, "~ \(name) \(field): \(text(old[field])) → \(text(new[field]))")
        }
        compareKeyed(old["sections"], new["sections"], at: position, what: "\(name) section", isRow: false)
        compareKeyed(old["rows"], new["rows"], at: position, what: "\(name) row", isRow: true)
    }

    /// Compares two lists of objects with an `id`: removed, added, then changed fields, then order.
    private mutating func compareKeyed(_ old: JSONValue?, _ new: JSONValue?, at position: Int, what: String, isRow: Bool) {
        let oldItems = old?.arrayValue ?? []
        let newItems = new?.arrayValue ?? []
        let oldIds = oldItems.map { $0["id"]?.stringValue ?? "?" }
        let newIds = newItems.map { $0["id"]?.stringValue ?? "?" }
        let newById = Dictionary(zip(newIds, newItems), uniquingKeysWith: { first, _ in first })
        for (id, item) in zip(oldIds, oldItems) {
            guard let now = newById[id] else {
                note(position, "- \(what) \(id): \(text(item["title"] ?? item["header"] ?? .null))", row: isRow ? id : nil)
                continue
            }
            let keys = Set((item.objectValue ?? [:]).keys).union((now.objectValue ?? [:]).keys).sorted()
            for key in keys where item[key] != now[key] {
                note(position, "~ \(what) \(id) \(key): \(text(item[key])) → \(text(now[key]))", row: isRow ? id : nil)
            }
        }
        let oldSet = Set(oldIds)
        for (id, item) in zip(newIds, newItems) where !oldSet.contains(id) {
            note(position, "+ \(what) \(id): \(text(item["title"] ?? item["header"] ?? .null))", row: isRow ? id : nil)
        }
        let common = Set(newIds).intersection(oldSet)
        if oldIds.filter(common.contains) != newIds.filter(common.contains) {
            note(position, "~ \(what)s are in another order")
        }
    }

    private mutating func note(_ position: Int, _ line: String, row: String? = nil) {
        if firstScreenIndex == nil {
            firstScreenIndex = position
            firstRowId = row
        }
        lines.append(line)
    }

    private func describe(_ screen: JSONValue) -> String {
        "\(screen["kind"]?.stringValue ?? "?") \(text(screen["title"]))"
    }

    private func text(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        return value.serializedString
    }
}
