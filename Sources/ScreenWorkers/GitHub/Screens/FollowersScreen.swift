import GitHubModels
import NavProtocol

/// The accounts that follow a user, most followed first.
public enum FollowersScreen: AccountList {
    public static let descriptor = ScreenDescriptor(
        kind: "followers", description: "The accounts that follow a user, most followed first", params: loginParams)
    public static let relation = AccountRelation("followers")
    public static let header = "Followers"
    public static func title(of login: String) -> String { "\(login)'s followers" }
    public static func emptyFooter(of login: String) -> String { "Nobody follows \(login)" }
}
