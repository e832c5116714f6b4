import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// A list of the accounts one user is related to by an `AccountRelation` (followers,
/// following): what such a screen declares in its own file. `RelatedAccountsScreen` does the rest.
public protocol AccountList {
    /// The kind, description and params (`loginParams`) of its screen.
    static var descriptor: ScreenDescriptor { get }
    /// The list the source reads.
    static var relation: AccountRelation { get }
    /// The section's header ("Followers"); lowercased, its noun in search results.
    static var header: String { get }
    static func title(of login: String) -> String
    /// The footer of an empty list ("Nobody follows mojombo").
    static func emptyFooter(of login: String) -> String
}

extension AccountList {
    /// The `login` param every related-accounts screen takes.
    public static var loginParams: [String: ParamSpec] {
        [GitHubNavigation.loginParam: ParamSpec(.string, required: true, description: "the user's login")]
    }
}

/// The screen of an `AccountList`: params `{login: string}`, the accounts most followed first,
/// rows `UserRow` (selecting one opens its repositories); the query keeps accounts whose login
/// or name contains it.
public struct RelatedAccountsScreen<List: AccountList>: GitHubScreen {
    public static var descriptor: ScreenDescriptor { List.descriptor }
    public let login: String
    private let source: any GitHubSource

    /// - Throws: `ScreenError.invalidParams` without a login; an unknown one fails the first load.
    public init(params: JSONValue, source: any GitHubSource) throws {
        login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        self.source = source
    }

    public var title: String { List.title(of: login) }

    public func sections(for query: String) -> [SectionSource<GitHubUser>] {
        [.filtered(
            id: List.relation.name, header: List.header, emptyFooter: List.emptyFooter(of: login), noun: List.header.lowercased(),
            query: query, loader: source.accounts(List.relation, of: login), matches: UserRow.matches)]
    }

    public func row(for user: GitHubUser) -> Row { UserRow.row(for: user) }

    public func actionTarget(for user: GitHubUser, row: Row) -> ActionTarget { GitHubActions.account(user, row: row) }

    public func selection(for user: GitHubUser) -> SelectionAction { UserRow.selection(for: user) }
}
