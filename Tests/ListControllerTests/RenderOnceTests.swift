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
        // The two cached chunks (0..<200) are rendered whole by the selection, each row once.
        #expect(screen.renders == Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, 1) }))
    }
}
