import ListController
import NavProtocol
import Testing

/// Each item's row is rendered once and kept: reads, prefetched pages, the diff of a new query
/// and selections all reuse it.
@Suite struct RenderOnceTests {
    @Test func readingEveryPageAndSelectingEveryRowRendersEachFruitOnce() throws {
        let fruits = ["apple", "banana", "cherry", "fig", "kiwi", "lemon", "mango", "papaya", "apricot", "blueberry", "clementine", "pineapple"]
        let screen = FruitScreen(fruits: fruits)
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        // Each read near the end appends the next page of long names, rendered as it arrives.
        while controller.sections[1].hasMore == true { _ = try controller.rowsNow() }
        #expect(try controller.rowsNow().count == fruits.count)
        for fruit in fruits { _ = try controller.select(rowId: "fruit:\(fruit)") }
        #expect(screen.renders == Dictionary(uniqueKeysWithValues: fruits.map { ($0, 1) }))
    }

    @Test func aNewQuerysDiffRendersOnlyTheNewRowsAndReadsReuseThem() throws {
        let screen = FruitScreen(fruits: ["apple", "banana", "cherry", "fig", "kiwi", "lemon", "mango", "papaya"])
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        _ = try controller.rowsNow()
        #expect(controller.sections.map(\.count) == [5, 3], "everything is loaded and was read")
        screen.renders = [:]
        try controller.loadNow("an")
        #expect(try controller.rowsNow().map(\.title) == ["mango", "banana"])
        _ = try controller.select(rowId: "fruit:banana")
        #expect(screen.renders == ["mango": 1, "banana": 1], "the list on screen was not rendered again for the diff")
    }

    @Test func windowsOfAnIndexedListAreRenderedOnceAcrossReadsAndSelections() throws {
        let screen = NumbersScreen(total: 1_000)
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        _ = try controller.rowsNow(offset: 0, limit: 150)
        _ = try controller.rowsNow(offset: 50, limit: 100)
        _ = try controller.select(rowId: "n:120")
        _ = try controller.select(rowId: "n:10")
        // A selection of a row read renders nothing more.
        #expect(screen.renders == Dictionary(uniqueKeysWithValues: (0..<150).map { ($0, 1) }))
        // One of a row cached but never read renders the rest of its chunk, each row once.
        _ = try controller.select(rowId: "n:170")
        #expect(screen.renders == Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, 1) }))
    }

    @Test func aSelectionOfARowReadRendersNothingMoreInALoadedList() throws {
        let screen = FruitScreen(fruits: ["apple", "fig", "kiwi", "lemon", "mango", "banana", "cherry", "papaya", "apricot"])
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        #expect(screen.renders.isEmpty)
        #expect(try controller.rowsNow(section: "short", offset: 0, limit: 2).map(\.title) == ["apple", "fig"])
        _ = try controller.select(rowId: "fruit:apple")
        #expect(screen.renders == ["apple": 1, "fig": 1])
        // One of a row loaded but never read renders the rows before it too, each once.
        _ = try controller.select(rowId: "fruit:mango")
        #expect(screen.renders == ["apple": 1, "fig": 1, "kiwi": 1, "lemon": 1, "mango": 1])
    }
}
