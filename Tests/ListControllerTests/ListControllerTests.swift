import ListController
import NavProtocol
import Testing

/// A screen over an in-memory list of fruits, in two sections, with one informational row kind.
private final class FruitScreen: ListScreen {
    var fruits: [String]
    var loads = 0

    init(fruits: [String]) {
        self.fruits = fruits
    }

    var title: String { "Fruit" }

    func loadSections(query: String) throws -> [ListSection<String>] {
        loads += 1
        let matching = fruits.filter { query.isEmpty || $0.contains(query) }
        return [
            ListSection(id: "short", header: "Short names", items: matching.filter { $0.count <= 5 }),
            ListSection(id: "long", header: "Long names", footer: "\(matching.count) in all", items: matching.filter { $0.count > 5 }),
        ]
    }

    func row(for item: String) -> Row {
        Row(id: "fruit:\(item)", kind: item.count <= 5 ? "short" : "long", title: item, accessory: .disclosure)
    }

    func selection(for item: String) -> SelectionAction {
        item == "lemon" ? .openURL("https://example.org/lemon") : .push(kind: .repositories, params: ["login": .string(item)])
    }
}

@Suite struct ListControllerTests {
    private let all = ["apple", "banana", "cherry", "fig", "kiwi", "lemon", "mango", "papaya"]

    @Test func loadBuildsSectionsWithCountsAndRowsTaggedWithTheirSection() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.load(query: "")
        #expect(controller.revision == 1)
        #expect(controller.sections.map(\.id) == ["short", "long"])
        #expect(controller.sections.map(\.count) == [5, 3])
        #expect(controller.sections[1].footer == "8 in all")
        let rows = try controller.rows(section: nil, offset: 0, limit: 100)
        #expect(rows.map(\.title) == ["apple", "fig", "kiwi", "lemon", "mango", "banana", "cherry", "papaya"])
        #expect(rows.prefix(5).allSatisfy { $0.section == "short" && $0.kind == "short" })
        #expect(rows.suffix(3).allSatisfy { $0.section == "long" && $0.kind == "long" })
    }

    @Test func windowsSpanSectionsAndStopAtTheEnd() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.load(query: "")
        let everything = try controller.rows(section: nil, offset: 0, limit: 100)
        #expect(try controller.rows(section: nil, offset: 3, limit: 4) == Array(everything[3..<7]))
        #expect(try controller.rows(section: nil, offset: 7, limit: 10) == [everything[7]])
        #expect(try controller.rows(section: nil, offset: 8, limit: 10).isEmpty)
        #expect(try controller.rows(section: nil, offset: 0, limit: 0).isEmpty)
        #expect(try controller.rows(section: "long", offset: 1, limit: 5).map(\.title) == ["cherry", "papaya"])
    }

    @Test func badWindowsAndUnknownSectionsAreErrorsThatSayWhy() throws {
        let controller = ListController(screen: FruitScreen(fruits: all))
        try controller.load(query: "")
        #expect(throws: ScreenError.invalidParams("offset must not be negative")) {
            try controller.rows(section: nil, offset: -1, limit: 5)
        }
        #expect(throws: ScreenError.notFound("no section 'dried'; sections are: short, long")) {
            try controller.rows(section: "dried", offset: 0, limit: 5)
        }
    }

    @Test func revisionMovesOnlyWhenTheRowsChange() throws {
        let screen = FruitScreen(fruits: all)
        let controller = ListController(screen: screen)
        try controller.load(query: "")
        try controller.load(query: "")
        #expect(controller.revision == 1, "reloading identical data is not a change")
        try controller.load(query: "an")
        #expect(controller.revision == 2)
        #expect(controller.query == "an")
        #expect(try controller.rows(section: nil, offset: 0, limit: 10).map(\.title) == ["mango", "banana"])
        screen.fruits.append("rambutan")
        try controller.load(query: "an")
        #expect(controller.revision == 3)
        #expect(screen.loads == 4)
    }

    @Test func selectionFindsTheItemByStableRowIdAfterTheListChanged() throws {
        let screen = FruitScreen(fruits: all)
        let controller = ListController(screen: screen)
        try controller.load(query: "")
        #expect(try controller.select(rowId: "fruit:kiwi") == .push(kind: .repositories, params: ["login": "kiwi"]))
        #expect(try controller.select(rowId: "fruit:lemon") == .openURL("https://example.org/lemon"))
        screen.fruits.insert("apricot", at: 0)
        try controller.load(query: "")
        #expect(try controller.select(rowId: "fruit:kiwi") == .push(kind: .repositories, params: ["login": "kiwi"]))
        try controller.load(query: "an")
        #expect(throws: ScreenError.notFound("no row with id 'fruit:kiwi' on this screen")) {
            try controller.select(rowId: "fruit:kiwi")
        }
    }

    @Test func aFailingProviderLeavesTheLastGoodDataInPlace() throws {
        final class Flaky: ListScreen {
            var fail = false
            var title: String { "Flaky" }
            func loadSections(query: String) throws -> [ListSection<Int>] {
                if fail { throw ScreenError.dataUnavailable("the disk is on fire") }
                return [ListSection(id: "numbers", items: [1, 2, 3])]
            }
            func row(for item: Int) -> Row { Row(id: "n:\(item)", kind: "number", title: "\(item)") }
            func selection(for item: Int) -> SelectionAction { .none }
        }
        let screen = Flaky()
        let controller = ListController(screen: screen)
        try controller.load(query: "")
        screen.fail = true
        #expect(throws: ScreenError.dataUnavailable("the disk is on fire")) { try controller.load(query: "x") }
        #expect(controller.revision == 1)
        #expect(controller.query == "")
        #expect(try controller.rows(section: nil, offset: 0, limit: 10).count == 3)
    }
}
