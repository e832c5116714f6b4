import NavProtocol
import UVKit

/// A section's data at run time: what its loader produced so far and what is under way.
final class LoadedSection<Item> {
    let source: SectionSource<Item>
    /// Items of an `.items` or `.pages` section, all loaded so far.
    private(set) var items: [Item] = []
    /// The rows of `items` rendered so far, a prefix of them: a read renders each row once.
    private var renderedItems: [Row] = []
    /// Where a `.pages` section continues.
    var next: PageCursor?
    /// Length of an `.indexed` section, and its cached windows.
    var total = 0
    var windows = WindowCache<Item>()
    var isLoading = false
    var error: String? { failure?.description }
    /// Why the section could not load.
    var failure: ScreenError?
    /// Why the rows shown are saved data rather than fresh (the source was unreachable).
    var staleReason: String?
    var inFlight: [Cancellable] = []

    init(source: SectionSource<Item>) {
        self.source = source
    }

    var id: String { source.id }

    var isIndexed: Bool {
        if case .indexed = source.loader { return true }
        return false
    }

    var count: Int { isIndexed ? total : items.count }

    var hasMore: Bool { next != nil }

    var info: SectionInfo {
        var footer = source.footer
        if let error {
            footer = "Could not load: \(error)"
        } else if let staleReason {
            footer = "Saved data, not fresh: \(staleReason)"
        } else if isLoading && count > 0 {
            footer = "Loading more…"
        } else if !isLoading && count == 0, let empty = source.emptyFooter {
            footer = empty
        }
        return SectionInfo(
            id: id, header: source.header, footer: footer, count: count, hasMore: hasMore ? true : nil,
            state: error != nil ? .failed : (isLoading ? .loading : nil), error: error, stale: staleReason != nil ? true : nil)
    }

    func replaceItems(_ newItems: [Item]) {
        items = newItems
        renderedItems = []
    }

    func appendItems(_ more: [Item]) {
        items += more
    }

    /// The rows of `items[range]`, rendering those never read before.
    func rows(in range: Range<Int>, render: (Item) -> Row) -> [Row] {
        if renderedItems.count < range.upperBound {
            renderedItems.append(renderingItemsOf: items, in: renderedItems.count..<range.upperBound, render)
        }
        return Array(renderedItems[range])
    }

    /// The loaded item whose row has this id, with that row; rows not read yet are rendered and
    /// kept as a read would. A client selects a row it has read, so the rows
    /// rendered so far are searched first: rendering every other loaded row to find one of the
    /// first 50 was a screen's first selection's largest cost (about 500,000 instructions for
    /// the users screen's 100-row chunk).
    func item(withRowId id: String, render: (Item) -> Row) -> (item: Item, row: Row)? {
        if isIndexed { return windows.item(withRowId: id, render: render) }
        let index = renderedItems.firstIndex { $0.id == id } ?? rows(in: 0..<items.count, render: render).firstIndex { $0.id == id }
        return index.map { (items[$0], renderedItems[$0]) }
    }

    func cancelAll() {
        let work = inFlight
        inFlight = []
        for job in work { job.cancel() }
        isLoading = false
    }
}

/// One query's sections: the one on screen, or the one loading to replace it.
final class Generation<Item> {
    let query: String
    let sections: [LoadedSection<Item>]
    var outstanding = 0
    var failure: ScreenError?

    init(query: String, sections: [LoadedSection<Item>]) {
        self.query = query
        self.sections = sections
    }

    /// Every row is in memory and there are few enough to diff one by one.
    var isDiffable: Bool {
        sections.allSatisfy { !$0.isIndexed } && sections.reduce(0) { $0 + $1.count } <= ListLimits.diffLimit
    }

    func cancelAll() {
        for section in sections { section.cancelAll() }
    }
}

/// The controller's fixed bounds.
enum ListLimits {
    /// Lists up to this many rows get row-by-row diffs; longer ones are sent as a reset.
    static let diffLimit = 5_000
    /// A read this close to the end of a paged section loads its next page.
    static let prefetchMargin = 25
    /// The highest revision a restored screen numbers on from: 2^53 - 1, the largest integer every
    /// JSON client reads exactly, and far enough below Int.max that counting on cannot overflow.
    static let maxRevision = (1 << 53) - 1
}
