import ListController
import NavProtocol
import Testing

/// A paged list its screen filters (pull requests left out of GitHub's issue list): a page whose
/// items all fail the filter arrives empty with a next page still to come.
@Suite struct FilteredPageTests {
    /// Odd numbers then an even one, in pages of two, after a section of one row; only the even
    /// numbers are shown.
    struct EvenNumbers: ListScreen {
        var title: String { "Even numbers" }

        func sections(for query: String) -> [SectionSource<Int>] {
            let pages: [[Int]] = [[1, 3], [5, 6]]
            let numbers = SectionLoader<Int>.pages(pageSize: 2) { cursor, completion in
                let index = cursor.flatMap { Int($0.value) } ?? 0
                completion(.success(Page(items: pages[index], next: index + 1 < pages.count ? PageCursor(String(index + 1)) : nil)))
                return nil
            }
            return [.items(id: "first", [100]), SectionSource(id: "even", loader: numbers.filtered { $0.isMultiple(of: 2) })]
        }

        func row(for item: Int) -> Row { Row(id: "n:\(item)", kind: "number", title: String(item)) }

        func selection(for item: Int) -> SelectionAction { .none }
    }

    @Test func aReadOfTheScreenReachesAnEmptySectionWithMoreAndLoadsOn() throws {
        let controller = ListController(screen: EvenNumbers())
        try controller.loadNow("")
        #expect(controller.sections.map(\.count) == [1, 0])
        #expect(controller.sections[1].hasMore == true)
        #expect(try controller.rowsNow().map(\.title) == ["100"])
        // That read reached the empty section, near its end: its next page loaded.
        #expect(controller.sections[1].hasMore == nil)
        #expect(try controller.rowsNow().map(\.title) == ["100", "6"])
    }
}
