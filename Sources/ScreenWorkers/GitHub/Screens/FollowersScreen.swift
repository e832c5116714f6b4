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
        [.filtered(
            id: "followers", header: "Followers", emptyFooter: "Nobody follows \(login)", noun: "followers", query: query,
            loader: source.followers(of: login), matches: UserRow.matches)]
    }

    public func row(for user: GitHubUser) -> Row { UserRow.row(for: user) }

    public func selection(for user: GitHubUser) -> SelectionAction { UserRow.selection(for: user) }
}
