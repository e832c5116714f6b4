import NavProtocol

/// The changes between two lists of rows by stable id: removed, inserted, moved (the fewest,
/// by keeping the longest run of rows that stayed in order) and reconfigured.
public enum RowDiff {
    public static func changes(from old: [Row], to new: [Row]) -> RowChanges {
        var oldIndex: [String: Int] = [:]
        for (index, row) in old.enumerated() { oldIndex[row.id] = index }
        var newIndex: [String: Int] = [:]
        for (index, row) in new.enumerated() { newIndex[row.id] = index }

        var changes = RowChanges()
        changes.removed = old.enumerated().filter { newIndex[$0.element.id] == nil }.map { RowPosition(id: $0.element.id, index: $0.offset) }
        changes.inserted = new.enumerated().filter { oldIndex[$0.element.id] == nil }.map { RowPosition(id: $0.element.id, index: $0.offset) }

        // Rows present in both, in new order, with their old positions: those on the longest
        // increasing run of old positions stay; the others moved.
        let common = new.enumerated().compactMap { entry -> (id: String, from: Int, to: Int)? in
            oldIndex[entry.element.id].map { (entry.element.id, $0, entry.offset) }
        }
        let staying = longestIncreasingRun(common.map(\.from))
        for (position, entry) in common.enumerated() where !staying.contains(position) {
            changes.moved.append(RowMove(id: entry.id, from: entry.from, to: entry.to))
        }
        changes.reconfigured = common.filter { old[$0.from] != new[$0.to] }.map(\.id)
        return changes
    }

    /// Positions (in `values`) of one longest strictly increasing subsequence, in O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // positions of the smallest tail value of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}
