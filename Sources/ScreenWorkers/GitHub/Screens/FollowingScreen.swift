import GitHubModels
import NavProtocol

/// The accounts a user follows, most followed first.
public struct FollowingScreen: RelatedAccountsScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "following", description: "The accounts a user follows, most followed first", params: loginParams)
    public static let relation = AccountRelation("following")
    public static let header = "Following"
    public let login: String
    public let source: any GitHubSource

    public init(login: String, source: any GitHubSource) {
        self.login = login
        self.source = source
    }

    public var title: String { "Accounts \(login) follows" }
    public var emptyFooter: String { "\(login) follows nobody" }
}
