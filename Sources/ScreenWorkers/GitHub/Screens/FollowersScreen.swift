import ListController
import NavProtocol

/// An account's followers, most followed first. Params: `{login: string}`. The query keeps
/// followers whose login or name contains it.
public struct FollowersScreen: ListScreen {
    public let login: String
    private let source: any GitHubSource

    public init(params: JSONValue, source: any GitHubSource) throws {
        login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        self.source = source
    }

    public var title: String { "\(login)'s followers" }

    public func sections(for query: String) -> [SectionSource<GitHubUser>] {
        let search = query.trimmed
        let followers = source.followers(of: login)
        guard !search.isEmpty else {
            return [SectionSource(id: "followers", header: "Followers", emptyFooter: "Nobody follows \(login)", loader: followers)]
        }
        return [.searchResults(id: "followers", noun: "followers", query: search, loader: followers.filtered { UserRow.matches($0, search) })]
    }

    public func row(for user: GitHubUser) -> Row { UserRow.row(for: user) }

    public func selection(for user: GitHubUser) -> SelectionAction { UserRow.selection(for: user) }
}
