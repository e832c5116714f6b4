import GitHubModels
import NavProtocol

/// The accounts a user follows, most followed first.
public enum FollowingScreen: AccountList {
    public static let descriptor = ScreenDescriptor(
        kind: "following", description: "The accounts a user follows, most followed first", params: loginParams)
    public static let relation = AccountRelation("following")
    public static let header = "Following"
    public static func title(of login: String) -> String { "Accounts \(login) follows" }
    public static func emptyFooter(of login: String) -> String { "\(login) follows nobody" }
}
