import GitHubModels
import NavProtocol

/// An account's followers, most followed first.
public struct FollowersScreen: RelatedAccountsScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "followers", description: "The accounts that follow a user, most followed first", params: loginParams)
    public static let relation = AccountRelation("followers")
    public static let header = "Followers"
    public let login: String
    public let source: any GitHubSource

    public init(login: String, source: any GitHubSource) {
        self.login = login
        self.source = source
    }

    public var title: String { "\(login)'s followers" }
    public var emptyFooter: String { "Nobody follows \(login)" }
}
