import ListController
import NavProtocol

/// Finds users by login or name. Params: `{query?: string}`, a search to open the screen with;
/// the client's own query replaces it while non-empty. Without any query: the most-followed users.
public struct UsersScreen: ListScreen {
    public static let popularLimit = 30
    public static let resultLimit = 100

    private let source: any GitHubDataSource
    private let initialQuery: String

    public init(params: JSONValue, source: any GitHubDataSource) throws {
        initialQuery = try ScreenParams(params).optionalString(GitHubNavigation.queryParam)?.trimmed ?? ""
        self.source = source
    }

    public var title: String { "Users" }

    public func loadSections(query: String) throws -> [ListSection<GitHubUser>] {
        let search = query.trimmed.isEmpty ? initialQuery : query.trimmed
        if search.isEmpty {
            let popular = try source.fetching { try $0.searchUsers(matching: "", limit: Self.popularLimit) }
            return [ListSection(id: "popular", header: "Popular", items: popular)]
        }
        let matches = try source.fetching { try $0.searchUsers(matching: search, limit: Self.resultLimit) }
        return [.searchResults(id: "users", noun: "users", query: search, items: matches)]
    }

    public func row(for user: GitHubUser) -> Row {
        let followers = user.followers.map { CountFormat.counted($0, "follower", "followers") }
        return Row(
            id: "user:\(user.login)", kind: user.isOrganization ? "organization" : "user", title: user.login,
            subtitle: user.name.nonBlank,
            detail: [user.location.nonBlank ?? user.bio.nonBlank, followers].compactMap { $0 }.joined(separator: " · "),
            accessory: .disclosure)
    }

    public func selection(for user: GitHubUser) -> SelectionAction {
        GitHubNavigation.repositories(of: user.login)
    }
}
