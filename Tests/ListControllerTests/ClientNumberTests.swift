import ListController
import NavProtocol
import Testing

/// Offsets, limits and revisions come from messages: any Int a client sends is clipped or
/// clamped, never an arithmetic overflow (which trapped the worker with SIGILL).
@Suite struct ClientNumberTests {
    static let windows: [(offset: Int, limit: Int)] = [(.max, 1), (.max, .max), (95, .max), (.max - 1, 2), (0, .max)]

    @Test(arguments: windows)
    func extremeWindowsOfAnIndexedListAreClipped(offset: Int, limit: Int) throws {
        let controller = ListController(screen: NumbersScreen(total: 100))
        try controller.loadNow("")
        let expected = (0..<100).dropFirst(min(offset, 100)).prefix(limit).map(String.init)
        #expect(try controller.rowsNow(offset: offset, limit: limit).map(\.title) == expected)
        #expect(try controller.rowsNow(section: "numbers", offset: offset, limit: limit).map(\.title) == expected)
    }

    @Test(arguments: windows)
    func extremeWindowsOfALoadedSectionAreClipped(offset: Int, limit: Int) throws {
        let fruits = ["apple", "fig", "kiwi", "lemon", "mango"]
        let controller = ListController(screen: FruitScreen(fruits: fruits))
        try controller.loadNow("")
        let expected = Array(fruits.dropFirst(min(offset, fruits.count)).prefix(limit))
        #expect(try controller.rowsNow(section: "short", offset: offset, limit: limit).map(\.title) == expected)
        #expect(try controller.rowsNow(offset: offset, limit: limit).map(\.title) == expected)
    }

    @Test func aRestoredRevisionNearIntMaxIsClampedSoItCanCountOn() throws {
        let controller = ListController(screen: FruitScreen(fruits: ["apple", "banana"]))
        controller.continueRevisions(after: .max)
        try controller.loadNow("")
        let largestExactJSONInteger = (1 << 53) - 1
        #expect(controller.revision == largestExactJSONInteger + 1)
        try controller.loadNow("an")
        #expect(controller.revision == largestExactJSONInteger + 2)
    }
}
