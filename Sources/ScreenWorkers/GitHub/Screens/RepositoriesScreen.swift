import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// One account's repositories, most starred first, then a row that opens the repositories it
/// starred. Params: `{login: string}`. The query keeps repositories whose name or description
/// contains it.
public struct RepositoriesScreen: GitHubScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "repositories", description: "One account's repositories, most starred first",
        params: [GitHubNavigation.loginParam: ParamSpec(.string, required: true, description: "the account's login")])
    public let login: String
    private let source: any GitHubSource

    /// A repository, or the row that opens the account's stars.
    public enum Item: Sendable {
        case repository(GitHubRepository)
        case stars(login: String)
    }

    /// - Throws: `ScreenError.invalidParams` without a login; an unknown one fails the first load.
    public init(params: JSONValue, source: any GitHubSource) throws {
        login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        self.source = source
    }

    public var title: String { "\(login)'s repositories" }

    public func sections(for query: String) -> [SectionSource<Item>] {
        let repositories = SectionSource<GitHubRepository>.filtered(
            id: "repositories", header: "Repositories", emptyFooter: "\(login) has no public repositories", noun: "repositories",
            query: query, loader: source.repositories(owner: login), matches: RepositoryRow.matches)
        let stars = query.trimmed.isEmpty ? [SectionSource.items(id: "account", header: "Account", [Item.stars(login: login)])] : []
        return [SectionSource(id: repositories.id, header: repositories.header, emptyFooter: repositories.emptyFooter, loader: repositories.loader.mapped(Item.repository))] + stars
    }

    public func row(for item: Item) -> Row {
        switch item {
        case .repository(let repository): return RepositoryRow.row(for: repository)
        case .stars(let login):
            return Row(
                id: "account:starred", kind: RowKind.browse, title: "Starred repositories", subtitle: "What \(login) starred",
                accessory: .disclosure, values: ["count": .null])
        }
    }

    /// A repository's row offers the repository's actions (star, unstar).
    public func actionTarget(for item: Item, row: Row) -> ActionTarget {
        guard case .repository(let repository) = item else { return ActionTarget(row: row, selection: selection(for: item)) }
        return GitHubActions.repository(repository, source: source) { [self] in [self.row(for: .repository($0))] }
    }

    public func selection(for item: Item) -> SelectionAction {
        switch item {
        case .repository(let repository): return GitHubNavigation.repository(repository)
        case .stars(let login): return GitHubNavigation.starred(by: login)
        }
    }
}
