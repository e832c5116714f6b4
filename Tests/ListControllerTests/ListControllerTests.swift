import ListController
import NavProtocol
import Testing

@Suite struct ListControllerTests {
    private let all = ["apple", "banana", "cherry", "fig", "kiwi", "lemon", "mango", "papaya"]

    @Test func loadBuildsSectionsWithCountsAndRowsTaggedWithTheirSection() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.loadNow("")
        #expect(controller.revision == 1)
        #expect(controller.sections.map(\.id) == ["short", "long"])
        // The long names come in pages of two: the first page is loaded, more is coming.
        #expect(controller.sections.map(\.count) == [5, 2])
        #expect(controller.sections[1].hasMore == true)
        let rows = try controller.rowsNow(limit: 7)
        #expect(rows.prefix(5).map(\.title) == ["apple", "fig", "kiwi", "lemon", "mango"])
        #expect(rows.prefix(5).allSatisfy { $0.section == "short" && $0.kind == "short" })
        #expect(rows.suffix(2).allSatisfy { $0.section == "long" && $0.kind == "long" })
    }

    @Test func readingNearTheEndLoadsTheNextPageAsANewRevisionWithInsertions() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        var updates: [ScreenUpdate] = []
        try controller.loadNow("")
        controller.onUpdate = { updates.append($0) }
        _ = try controller.rowsNow(section: "long", offset: 0, limit: 2)
        #expect(controller.sections[1].count == 3)
        #expect(controller.sections[1].hasMore == nil)
        let appended = try #require(updates.last)
        #expect(appended.revision == 2)
        #expect(appended.changes?.inserted == [RowPosition(id: "fruit:papaya", index: 7)])
        #expect(try controller.rowsNow(section: "long").map(\.title) == ["banana", "cherry", "papaya"])
    }

    @Test func windowsSpanSectionsAndStopAtTheEnd() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.loadNow("")
        _ = try controller.rowsNow(section: "long")
        let everything = try controller.rowsNow()
        #expect(everything.count == 8)
        #expect(try controller.rowsNow(offset: 3, limit: 4) == Array(everything[3..<7]))
        #expect(try controller.rowsNow(offset: 7, limit: 10) == [everything[7]])
        #expect(try controller.rowsNow(offset: 8, limit: 10).isEmpty)
        #expect(try controller.rowsNow(limit: 0).isEmpty)
        #expect(try controller.rowsNow(section: "long", offset: 1, limit: 5).map(\.title) == ["cherry", "papaya"])
    }

    @Test func badWindowsUnknownSectionsAndGoneRevisionsAreErrorsThatSayWhy() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.loadNow("")
        #expect(throws: ScreenError.invalidParams("offset must not be negative")) { try controller.rowsNow(offset: -1) }
        #expect(throws: ScreenError.notFound("no section 'dried'; sections are: short, long")) { try controller.rowsNow(section: "dried") }
        try controller.loadNow("an")
        #expect(throws: ScreenError.revisionGone(requested: 1, current: 2)) { try controller.rowsNow(revision: 1) }
        #expect(try controller.rowsNow(revision: 2).map(\.title) == ["mango", "banana"])
    }

    @Test func aNewQueryIsOneRevisionWithItsChangesByRowId() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.loadNow("")
        var updates: [ScreenUpdate] = []
        controller.onUpdate = { updates.append($0) }
        try controller.loadNow("an")
        let changes = try #require(updates.last?.changes)
        #expect(updates.last?.revision == 2)
        #expect(updates.last?.loading == false)
        #expect(Set(changes.removed.map(\.id)) == ["fruit:apple", "fruit:fig", "fruit:kiwi", "fruit:lemon", "fruit:cherry"])
        #expect(changes.inserted.isEmpty)
        #expect(controller.query == "an")
        try controller.loadNow("an")
        #expect(controller.revision == 2, "reloading identical data is not a change")
    }

    @Test func aSupersededQueryIsCancelledAndNeverShown() throws {
        let (screen, controller) = try FruitScreen.shownWithManualPages(all)
        var first: Result<Void, ScreenError>?
        var second: Result<Void, ScreenError>?
        var updates: [ScreenUpdate] = []
        controller.onUpdate = { updates.append($0) }
        controller.load(query: "a") { first = $0 }
        #expect(controller.isLoading)
        #expect(updates.isEmpty, "a load the client asked for is not announced: its request is what is pending")
        controller.load(query: "an") { second = $0 }
        // The older query's load was cancelled, and its request answered as superseded.
        #expect(screen.pageLoads[0].isCancelled)
        #expect(first.map { if case .failure(.superseded) = $0 { true } else { false } } == true)
        // Its result arriving late changes nothing.
        screen.pageLoads[0].finish(.success(Page(items: ["banana"], next: nil)))
        #expect(controller.query == "")
        screen.pageLoads.removeFirst()
        screen.deliverNext("an")
        #expect(second.map { if case .success = $0 { true } else { false } } == true)
        #expect(controller.query == "an")
        #expect(try controller.rowsNow().map(\.title) == ["mango", "banana"])
        #expect(!controller.isLoading)
    }

    @Test func aFailingPageIsShownAsTheSectionsErrorStateAndTheScreenKeepsWorking() throws {
        let screen = FruitScreen(fruits: all)
        let controller = ListController(screen: screen)
        screen.automatic = false
        var result: Result<Void, ScreenError>?
        controller.load(query: "") { result = $0 }
        screen.pageLoads.removeFirst().finish(.failure(ScreenError.dataUnavailable("the disk is on fire")))
        #expect(result.map { if case .success = $0 { true } else { false } } == true)
        let long = try #require(controller.sections.last)
        #expect(long.state == .failed)
        #expect(long.error == "the disk is on fire")
        #expect(long.footer == "Could not load: the disk is on fire")
        #expect(controller.sections.first?.count == 5)
    }

    @Test func notFoundFailsTheLoadAndKeepsWhatWasShown() throws {
        final class Missing: ListScreen {
            var title: String { "Missing" }
            func sections(for query: String) -> [SectionSource<Int>] {
                [SectionSource(id: "x", loader: .pages(pageSize: 10) { _, completion in
                    completion(.failure(ScreenError.notFound("no user named 'ghost'")))
                    return nil
                })]
            }
            func row(for item: Int) -> Row { Row(id: "\(item)", kind: "n", title: "\(item)") }
            func selection(for item: Int) -> SelectionAction { .none }
        }
        let controller = ListController(screen: Missing())
        #expect(throws: ScreenError.notFound("no user named 'ghost'")) { try controller.loadNow("") }
        #expect(controller.revision == 0)
    }

    @Test func emptySectionsSayWhyInTheirFooter() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.loadNow("papaya")
        #expect(controller.sections.first?.count == 0)
        #expect(controller.sections.first?.footer == "No short names")
    }

    @Test func selectionFindsTheItemByStableRowIdAfterTheListChanged() throws {
        let screen = FruitScreen(fruits: all)
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        #expect(try controller.select(rowId: "fruit:kiwi") == .push(kind: "repositories", params: ["login": "kiwi"]))
        #expect(try controller.select(rowId: "fruit:lemon") == .openURL("https://example.org/lemon"))
        screen.fruits.insert("apricot", at: 0)
        try controller.loadNow("")
        #expect(try controller.select(rowId: "fruit:kiwi") == .push(kind: "repositories", params: ["login": "kiwi"]))
        try controller.loadNow("an")
        #expect(throws: ScreenError.notFound("no row with id 'fruit:kiwi' on this screen")) { try controller.select(rowId: "fruit:kiwi") }
    }

    @Test func aMillionRowListIsReadByWindowAndOnlyAFewWindowsAreKept() throws {
        let screen = NumbersScreen(total: 1_000_000)
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        #expect(controller.sections.first?.count == 1_000_000)
        #expect(try controller.rowsNow(offset: 500_000, limit: 50).map(\.title) == (500_000..<500_050).map(String.init))
        #expect(try controller.rowsNow(offset: 999_990, limit: 50).count == 10)
        #expect(screen.fetched.allSatisfy { $0.count <= 100 }, "windows are fetched in chunks, never the list")
        for start in stride(from: 0, to: 1_000_000, by: 10_000) { _ = try controller.rowsNow(offset: start, limit: 1) }
        screen.fetched = []
        _ = try controller.rowsNow(offset: 0, limit: 50)
        #expect(!screen.fetched.isEmpty, "an old window was evicted: the cache stays bounded")
        #expect(try controller.select(rowId: "n:0") == SelectionAction.none)
    }
}
