import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// Finds repositories by name or description, most starred first: first a row with how many
/// match (GitHub lists at most 1,000 of them), then the repositories. Without a query it shows
/// nothing yet and says what to type. Params: `{query?: string}`, the search to open with.
struct RepositorySearchScreen: GitHubScreen {
    static let descriptor = ScreenDescriptor(
        kind: "repository-search", description: "Finds repositories by name or description, most starred first",
        params: [GitHubNavigation.queryParam: ParamSpec(.string, description: "the search to open with")])
    private let source: any GitHubSource

    init(params: JSONValue, source: any GitHubSource) throws {
        _ = try ScreenParams(params).optionalString(GitHubNavigation.queryParam)
        self.source = source
    }

    var title: String { "Repositories" }

    func sections(for query: String) -> [SectionSource<GitHubSearchItem<GitHubRepository>>] {
        let search = query.trimmed
        guard !search.isEmpty else {
            return [.items(id: "repositories", header: "Search", emptyFooter: "Type words of a repository's name or description", [])]
        }
        return [.searchResults(id: "repositories", noun: "repositories", query: search, loader: source.searchRepositories(search))]
    }

    func row(for item: GitHubSearchItem<GitHubRepository>) -> Row {
        switch item {
        case .result(let repository): return RepositoryRow.row(for: repository, showingOwner: true)
        case .total(let total):
            let shown = total.isCapped ? " · GitHub lists the first \(CountFormat.grouped(GitHubSearchTotal.resultCap))" : ""
            return Row(
                id: "search:total", kind: RowKind.searchTotal,
                title: CountFormat.counted(total.totalCount, "repository", "repositories") + shown,
                subtitle: total.incompleteResults ? "The search stopped early: there may be more" : nil,
                values: [
                    "totalCount": .int(total.totalCount), "listed": .int(total.listable), "capped": .bool(total.isCapped),
                    "incomplete": .bool(total.incompleteResults),
                ])
        }
    }

    func actionTarget(for item: GitHubSearchItem<GitHubRepository>, row: Row) -> ActionTarget {
        guard case .result(let repository) = item else { return ActionTarget(row: row, selection: .none) }
        return GitHubActions.repository(repository, source: source) { [self] in [self.row(for: .result($0))] }
    }

    func selection(for item: GitHubSearchItem<GitHubRepository>) -> SelectionAction {
        guard case .result(let repository) = item else { return .none }
        return GitHubNavigation.repository(repository)
    }
}
