import GitHubModels
import ListController
import NavProtocol

/// The row every screen listing accounts shows: login, name, and a second line of whereabouts
/// and followers; selecting it opens the account's repositories.
enum UserRow {
    static func row(for user: GitHubUser) -> Row {
        let whereabouts = user.location.nonBlank ?? user.bio.nonBlank
        let followers = user.followers.map { CountFormat.counted($0, "follower", "followers") }
        return Row(
            id: "user:\(user.login)", kind: RowKind.account(user), title: user.login, subtitle: user.name.nonBlank,
            detail: Optional([whereabouts, followers].compactMap { $0 }.joined(separator: " · ")).nonBlank, accessory: .disclosure,
            values: RowValues.account(user))
    }

    static func selection(for user: GitHubUser) -> SelectionAction {
        GitHubNavigation.repositories(of: user.login)
    }

    /// Whether the account's login or name contains `text`, ignoring case.
    static func matches(_ user: GitHubUser, _ text: String) -> Bool {
        user.login.containsIgnoringCase(text) || (user.name ?? "").containsIgnoringCase(text)
    }
}
