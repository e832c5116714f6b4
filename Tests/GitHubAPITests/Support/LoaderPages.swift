import ListController
import Testing

extension Harness {
    /// Reads a paged loader as the list controller does when the client scrolls to the end: the
    /// first page, then each `next` cursor, until a page has none. Each page is waited for on
    /// the loop; a failed page ends the reading with its error.
    func pages<Item>(of loader: SectionLoader<Item>, limit: Int = 100) throws -> [Page<Item>] {
        guard case .pages(_, let load) = loader else {
            Issue.record("expected a paged loader")
            return []
        }
        var pages: [Page<Item>] = []
        var cursor: PageCursor?
        repeat {
            let result: Result<Page<Item>, any Error> = try #require(wait { completion in _ = load(cursor, completion) })
            let page = try result.get()
            pages.append(page)
            cursor = page.next
        } while cursor != nil && pages.count < limit
        return pages
    }

    /// The first page's result only (to see how a load fails).
    func firstPage<Item>(of loader: SectionLoader<Item>) -> Result<Page<Item>, any Error>? {
        guard case .pages(_, let load) = loader else { return nil }
        return wait { completion in _ = load(nil, completion) }
    }
}
