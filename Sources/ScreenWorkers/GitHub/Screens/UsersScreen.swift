import ListController
import NavProtocol

/// Finds users by login or name; without a query, shows the most-followed users.
///
/// Params: `{query?: string}`, the search the screen opens with. The worker passes it to the
/// controller's first load; from then on the screen shows whatever query it is loaded with, so a
/// client that clears the search gets the popular users back.
public struct UsersScreen: ListScreen {
    public static let popularLimit = 30
    public static let resultLimit = 100

    private let source: any GitHubDataSource

    /// - Throws: `ScreenError.invalidParams` when params is not an object or its query not a string.
    public init(params: JSONValue, source: any GitHubDataSource) throws {
        _ = try ScreenParams(params).optionalString(GitHubNavigation.queryParam)
        self.source = source
    }

    public var title: String { "Users" }

    public func loadSections(query: String) throws -> [ListSection<GitHubUser>] {
        let search = query.trimmed
        if search.isEmpty {
            let popular = try source.fetching { try $0.searchUsers(matching: "", limit: Self.popularLimit) }
            return [ListSection(id: "popular", header: "Popular", items: popular)]
        }
        let matches = try source.fetching { try $0.searchUsers(matching: search, limit: Self.resultLimit) }
        return [.searchResults(id: "users", noun: "users", query: search, items: matches)]
    }

    public func row(for user: GitHubUser) -> Row {
        let whereabouts = user.location.nonBlank ?? user.bio.nonBlank
        let followers = user.followers.map { CountFormat.counted($0, "follower", "followers") }
        return Row(
            id: "user:\(user.login)", kind: RowKind.account(user), title: user.login, subtitle: user.name.nonBlank,
            detail: [whereabouts, followers].compactMap { $0 }.joined(separator: " · "), accessory: .disclosure)
    }

    public func selection(for user: GitHubUser) -> SelectionAction {
        GitHubNavigation.repositories(of: user.login)
    }
}
