import NavProtocol
import UVKit

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

/// A screen's own code: its data provider (sections and how their items load), its cell
/// configuration and its selection action. `ListController` does everything else: loading,
/// cancelling superseded loads, pagination, windows, revisions, diffs, selection by row id.
public protocol ListScreen {
    associatedtype Item

    /// The navigation title.
    var title: String { get }

    /// Data provider: the sections for a query ("" when the client has not searched).
    func sections(for query: String) -> [SectionSource<Item>]

    /// Cell configuration: the row the client sees for an item. Its id must be stable.
    func row(for item: Item) -> Row

    /// Selection action for an item.
    func selection(for item: Item) -> SelectionAction

    /// Runs once before the first load, e.g. to fetch the one record all sections show.
    /// A `ScreenError.notFound` here fails the screen's opening; it runs again after a write.
    func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable?

    /// Actions: what the item of a row offers and what a confirmation binds to. The default
    /// offers no writes; the controller adds opening and copying its URL and copying its text.
    func actionTarget(for item: Item, row: Row) -> ActionTarget

    /// The screen's own item (the repository on its screen), acted on without row ids; nil for
    /// a screen that shows a list only.
    var ownTarget: ActionTarget? { get }
}

extension ListScreen {
    public func actionTarget(for item: Item, row: Row) -> ActionTarget {
        ActionTarget(row: row, selection: selection(for: item))
    }

    public var ownTarget: ActionTarget? { nil }

    public func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable? {
        completion(.success(()))
        return nil
    }
}

/// A screen refused its params or could not load; the message is shown to the client.
public enum ScreenError: Error, Equatable, CustomStringConvertible {
    /// Params were missing or of the wrong shape; the message names the field.
    case invalidParams(String)
    /// The thing the params name does not exist ("no user named 'x'").
    case notFound(String)
    /// The data source failed.
    case dataUnavailable(String)
    /// The data source failed and says how, for a client to act on (a rate limit's reset time,
    /// a bad token): `data` goes out with the JSON-RPC error.
    case sourceFailed(message: String, data: JSONValue)
    /// The screen's data moved on: the client asked for a revision that is gone.
    case revisionGone(requested: Int, current: Int)
    /// A newer load replaced this one before it finished.
    case superseded
    /// The caller cancelled the load before it landed (the client's `$/cancelRequest`).
    case cancelled

    public var description: String {
        switch self {
        case .invalidParams(let message), .notFound(let message), .dataUnavailable(let message), .sourceFailed(let message, _):
            return message
        case .revisionGone(let requested, let current):
            return "revision \(requested) is gone; the screen is at revision \(current): read its rows again"
        case .superseded:
            return "superseded by a newer screen/query"
        case .cancelled:
            return "cancelled before it took effect"
        }
    }
}
