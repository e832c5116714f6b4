import NavProtocol

/// One section of a screen's model: what a data provider returns.
public struct ListSection<Item> {
    public var id: String
    public var header: String?
    public var footer: String?
    public var items: [Item]

    public init(id: String, header: String? = nil, footer: String? = nil, items: [Item]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }
}

/// What selecting a row asks for.
public enum SelectionAction: Sendable, Equatable {
    /// Ask the host to push a screen of this kind with these params.
    case push(kind: ScreenKind, params: JSONValue)
    /// Ask the host to pop this screen.
    case pop
    /// Hand the client a URL to open (a link row).
    case openURL(String)
    /// Nothing to do (an informational row).
    case none
}

/// A screen's own code: its data provider, its cell configuration and its selection action.
/// `ListController` does everything else (revisions, windows, queries, selection by row id).
public protocol ListScreen {
    associatedtype Item

    /// The navigation title.
    var title: String { get }

    /// Data provider: the sections for a query ("" when the client has not searched).
    func loadSections(query: String) throws -> [ListSection<Item>]

    /// Cell configuration: the row the client sees for an item. Its id must be stable.
    func row(for item: Item) -> Row

    /// Selection action for an item.
    func selection(for item: Item) -> SelectionAction
}

/// A screen refused its params or could not load; the message is shown to the client.
public enum ScreenError: Error, Equatable, CustomStringConvertible {
    /// Params were missing or of the wrong shape; the message names the field.
    case invalidParams(String)
    /// The thing the params name does not exist ("no user named 'x'").
    case notFound(String)
    /// The data source failed.
    case dataUnavailable(String)

    public var description: String {
        switch self {
        case .invalidParams(let message), .notFound(let message), .dataUnavailable(let message):
            return message
        }
    }
}
