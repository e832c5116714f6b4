import GitHubModels
import ListController
import NavProtocol

/// A screen listing the accounts one user is related to by an `AccountRelation` (followers,
/// following): params `{login: string}`, most followed first, rows `UserRow`; the query keeps
/// accounts whose login or name contains it. A conforming screen says only what differs.
public protocol RelatedAccountsScreen: GitHubScreen where Item == GitHubUser {
    /// The list the source reads.
    static var relation: AccountRelation { get }
    /// The section's header ("Followers").
    static var header: String { get }
    var login: String { get }
    var source: any GitHubSource { get }
    init(login: String, source: any GitHubSource)
    /// The footer of an empty list ("Nobody follows mojombo").
    var emptyFooter: String { get }
}

extension RelatedAccountsScreen {
    /// The `login` param every related-accounts screen takes.
    public static var loginParams: [String: ParamSpec] {
        [GitHubNavigation.loginParam: ParamSpec(.string, required: true, description: "the user's login")]
    }

    /// - Throws: `ScreenError.invalidParams` without a login; an unknown one fails the first load.
    public init(params: JSONValue, source: any GitHubSource) throws {
        self.init(login: try ScreenParams(params).requiredString(GitHubNavigation.loginParam), source: source)
    }

    public func sections(for query: String) -> [SectionSource<GitHubUser>] {
        [.filtered(
            id: Self.relation.name, header: Self.header, emptyFooter: emptyFooter, noun: Self.header.lowercased(), query: query,
            loader: source.accounts(Self.relation, of: login), matches: UserRow.matches)]
    }

    public func row(for user: GitHubUser) -> Row { UserRow.row(for: user) }

    public func selection(for user: GitHubUser) -> SelectionAction { UserRow.selection(for: user) }
}
