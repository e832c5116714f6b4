import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// A list of a repository's issues or pull requests: what such a screen declares in its own
/// file. `IssueListScreen` does the rest.
protocol IssueList {
    associatedtype Item: ListedIssue
    static var descriptor: ScreenDescriptor { get }
    /// "issues", "pull requests".
    static var noun: String { get }
    static func loader(_ source: any GitHubSource, owner: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<Item>
    /// The screen selecting an item pushes (`issue`, `pull`).
    static var itemKind: ScreenKind { get }
}

/// The screen of an `IssueList`: params `{owner, name, state?}` (`open` by default, `closed`,
/// `all`), the items newest first under a header naming the state; the query keeps the items
/// whose title contains it. Selecting an item opens it.
struct IssueListScreen<List: IssueList>: GitHubScreen {
    static var descriptor: ScreenDescriptor { List.descriptor }
    let owner: String
    let name: String
    let state: GitHubStateFilter
    private let source: any GitHubSource
    /// The repository's labels, read when the screen opens: the choices of `add-label`.
    private let labels = RepositoryLabels()

    init(params: JSONValue, source: any GitHubSource) throws {
        let fields = try ScreenParams(params)
        (owner, name) = try fields.repository()
        state = try fields.stateFilter()
        self.source = source
    }

    var title: String { "\(owner)/\(name) \(List.noun)" }

    func sections(for query: String) -> [SectionSource<List.Item>] {
        let search = query.trimmed
        let header = "\(state.rawValue.prefix(1).uppercased() + state.rawValue.dropFirst()) \(List.noun)"
        let loader = List.loader(source, owner: owner, name: name, filter: GitHubIssueFilter(state: state, titleContains: search))
        guard !search.isEmpty else {
            return [SectionSource(id: List.descriptor.kind.rawValue, header: header, emptyFooter: "No \(header.lowercased())", loader: loader)]
        }
        // The source keeps only the titles that contain the query (the snapshot in SQL).
        return [.searchResults(id: List.descriptor.kind.rawValue, noun: header.lowercased(), query: search, loader: loader)]
    }

    func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable? {
        labels.read(source, owner: owner, name: name) { completion(.success(())) }
    }

    func row(for item: List.Item) -> Row { IssueRow.row(for: item) }

    /// An item's row offers the item's actions (comment, close, label…).
    func actionTarget(for item: List.Item, row: Row) -> ActionTarget {
        GitHubActions.conversation(item, owner: owner, name: name, labels: labels.labels, source: source) { [self] changed, _ in [self.row(for: changed)] }
    }

    func selection(for item: List.Item) -> SelectionAction {
        GitHubNavigation.repositoryScreen(List.itemKind, owner: owner, name: name, [GitHubNavigation.numberParam: .int(item.conversation.number)])
    }
}
