import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// Finds users by login or name; without a query, shows the most-followed users.
///
/// Params: `{query?: string}`, the search the screen opens with. The worker passes it to the
/// controller's first load; from then on the screen shows whatever query it is loaded with, so a
/// client that clears the search gets the popular users back.
public struct UsersScreen: GitHubScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "users", description: "Finds users by login or name; without a query, the most-followed users",
        params: [GitHubNavigation.queryParam: ParamSpec(.string, description: "the search to open with")])
    private let source: any GitHubSource

    /// - Throws: `ScreenError.invalidParams` when params is not an object or its query not a string.
    public init(params: JSONValue, source: any GitHubSource) throws {
        _ = try ScreenParams(params).optionalString(GitHubNavigation.queryParam)
        self.source = source
    }

    public var title: String { "Users" }

    public func sections(for query: String) -> [SectionSource<GitHubUser>] {
        let search = query.trimmed
        if search.isEmpty {
            return [SectionSource(id: "popular", header: "Popular", loader: source.popularUsers())]
        }
        return [.searchResults(id: "users", noun: "users", query: search, loader: source.searchUsers(search))]
    }

    public func row(for user: GitHubUser) -> Row { UserRow.row(for: user) }

    public func actionTarget(for user: GitHubUser, row: Row) -> ActionTarget { GitHubActions.account(user, row: row) }

    public func selection(for user: GitHubUser) -> SelectionAction { UserRow.selection(for: user) }
}
