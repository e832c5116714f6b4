import NavProtocol
import UVKit

/// Where a page of a sequential list continues: opaque to the controller (an offset for the
/// snapshot, the `Link: rel="next"` URL for the live API).
public struct PageCursor: Sendable, Hashable {
    public var value: String
    public init(_ value: String) { self.value = value }
}

/// One page of a sequential list.
public struct Page<Item> {
    public var items: [Item]
    /// Where the next page starts; nil on the last page.
    public var next: PageCursor?
    /// Set when the page is saved data served because the source could not be asked: why.
    public var staleReason: String?

    public init(items: [Item], next: PageCursor?, staleReason: String? = nil) {
        self.items = items
        self.next = next
        self.staleReason = staleReason
    }
}

/// A window of a random-access list, with the list's length.
public struct Window<Item> {
    public var items: [Item]
    public var total: Int

    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}

/// Completion handlers for the loaders: called once, on the loop.
public typealias PageCompletion<Item> = (Result<Page<Item>, any Error>) -> Void
public typealias WindowCompletion<Item> = (Result<Window<Item>, any Error>) -> Void

/// How a section's items are loaded.
public enum SectionLoader<Item> {
    /// Items already at hand.
    case items([Item])
    /// A sequential list read page by page as the client scrolls near the end (search results,
    /// API lists). Items read so far are kept; `pageSize` is a hint to the loader.
    case pages(pageSize: Int, load: (PageCursor?, @escaping PageCompletion<Item>) -> Cancellable?)
    /// A random-access list of any length (keyset or indexed reads): only the windows the
    /// client reads are fetched, and only a bounded number of them are kept.
    case indexed(fetch: (Range<Int>, @escaping WindowCompletion<Item>) -> Cancellable?)
}

/// A section as a screen declares it for a query: its look and its loader.
public struct SectionSource<Item> {
    public var id: String
    public var header: String?
    public var footer: String?
    /// Shown as the footer when the section loaded and is empty ("No users match 'x'").
    public var emptyFooter: String?
    public var loader: SectionLoader<Item>

    public init(id: String, header: String? = nil, footer: String? = nil, emptyFooter: String? = nil, loader: SectionLoader<Item>) {
        self.id = id
        self.header = header
        self.footer = footer
        self.emptyFooter = emptyFooter
        self.loader = loader
    }

    /// A section of items at hand.
    public static func items(id: String, header: String? = nil, footer: String? = nil, emptyFooter: String? = nil, _ items: [Item]) -> SectionSource {
        SectionSource(id: id, header: header, footer: footer, emptyFooter: emptyFooter, loader: .items(items))
    }
}

extension Page: Sendable where Item: Sendable {}
extension Window: Sendable where Item: Sendable {}

extension SectionLoader {
    /// Keeps only the items that pass `isIncluded` (a screen's query filter over a list that
    /// its source cannot filter). Random-access lists cannot be filtered this way and are kept whole.
    public func filtered(_ isIncluded: @escaping (Item) -> Bool) -> SectionLoader {
        switch self {
        case .items(let items):
            return .items(items.filter(isIncluded))
        case .pages(let pageSize, let load):
            return .pages(pageSize: pageSize) { cursor, completion in
                load(cursor) { result in completion(result.map { Page(items: $0.items.filter(isIncluded), next: $0.next, staleReason: $0.staleReason) }) }
            }
        case .indexed:
            return self
        }
    }

    /// The same list with each item made into another (a comment into a screen's row item).
    public func mapped<Other>(_ transform: @escaping (Item) -> Other) -> SectionLoader<Other> {
        switch self {
        case .items(let items):
            return .items(items.map(transform))
        case .pages(let pageSize, let load):
            return .pages(pageSize: pageSize) { cursor, completion in
                load(cursor) { result in
                    completion(result.map { Page(items: $0.items.map(transform), next: $0.next, staleReason: $0.staleReason) })
                }
            }
        case .indexed(let fetch):
            return .indexed { range, completion in
                fetch(range) { result in completion(result.map { Window(items: $0.items.map(transform), total: $0.total) }) }
            }
        }
    }
}
