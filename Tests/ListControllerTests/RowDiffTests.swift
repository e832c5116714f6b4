import ListController
import NavProtocol
import Testing

@Suite struct RowDiffTests {
    private func rows(_ ids: String...) -> [Row] { ids.map { Row(id: $0, kind: "k", title: $0) } }

    @Test func insertionsRemovalsAndMovesByStableId() {
        let changes = RowDiff.changes(from: rows("a", "b", "c", "d"), to: rows("b", "x", "d", "a"))
        #expect(changes.removed == [RowPosition(id: "c", index: 2)])
        #expect(changes.inserted == [RowPosition(id: "x", index: 1)])
        #expect(changes.moved == [RowMove(id: "a", from: 0, to: 3)], "b and d stayed in order; only a moved")
        #expect(changes.reconfigured.isEmpty)
    }

    @Test func sameIdWithNewContentIsReconfigured() {
        var after = rows("a", "b")
        after[1].subtitle = "changed"
        let changes = RowDiff.changes(from: rows("a", "b"), to: after)
        #expect(changes.reconfigured == ["b"])
        #expect(changes.inserted.isEmpty && changes.removed.isEmpty && changes.moved.isEmpty)
    }

    @Test func identicalListsHaveNoChanges() {
        #expect(RowDiff.changes(from: rows("a", "b", "c"), to: rows("a", "b", "c")).isEmpty)
    }

    @Test func reversedListMovesAllButOne() {
        let changes = RowDiff.changes(from: rows("a", "b", "c", "d"), to: rows("d", "c", "b", "a"))
        #expect(changes.moved.count == 3)
    }
}
