/// The github.com addresses GitHub derives from logins and ids. The snapshot stores none of them.
public enum GitHubURLs {
    public static func avatar(userID: Int) -> String {
        "https://avatars.githubusercontent.com/u/\(userID)?v=4"
    }

    public static func profile(login: String) -> String {
        "https://github.com/\(login)"
    }

    public static func repository(owner: String, name: String) -> String {
        "https://github.com/\(owner)/\(name)"
    }
}

extension GitHubUser {
    /// The account fields alone, as a repository's `owner` carries them.
    public var asOwner: GitHubUser {
        GitHubUser(login: login, id: id, type: type, siteAdmin: siteAdmin, avatarURL: avatarURL, htmlURL: htmlURL)
    }
}
