/// A GitHub user, organisation or bot, as `GET /users/{login}` returns it. Search results and a
/// repository's `owner` carry only the account fields, so every profile field is optional.
public struct GitHubUser: Codable, Sendable, Hashable {
    public var login: String
    public var id: Int
    /// Absent from repository owners in bodies recorded before 2013.
    public var type: GitHubAccountType?
    /// Absent from bodies recorded before 2013.
    public var siteAdmin: Bool?
    public var avatarURL: String
    /// Absent from repository owners in bodies recorded before 2013.
    public var htmlURL: String?

    public var name: String?
    public var company: String?
    /// GitHub sends "" rather than null when the user set no blog.
    public var blog: String?
    public var location: String?
    public var email: String?
    public var bio: String?
    public var publicRepos: Int?
    public var followers: Int?
    public var following: Int?
    /// ISO-8601, e.g. "2007-10-20T05:24:19Z".
    public var createdAt: String?
    public var updatedAt: String?

    public init(
        login: String, id: Int, type: GitHubAccountType?, siteAdmin: Bool?, avatarURL: String, htmlURL: String?,
        name: String? = nil, company: String? = nil, blog: String? = nil, location: String? = nil,
        email: String? = nil, bio: String? = nil, publicRepos: Int? = nil, followers: Int? = nil,
        following: Int? = nil, createdAt: String? = nil, updatedAt: String? = nil
    ) {
        self.login = login
        self.id = id
        self.type = type
        self.siteAdmin = siteAdmin
        self.avatarURL = avatarURL
        self.htmlURL = htmlURL
        self.name = name
        self.company = company
        self.blog = blog
        self.location = location
        self.email = email
        self.bio = bio
        self.publicRepos = publicRepos
        self.followers = followers
        self.following = following
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var isOrganization: Bool { type == .organization }

    enum CodingKeys: String, CodingKey {
        case login
        case id
        case type
        case siteAdmin = "site_admin"
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case name
        case company
        case blog
        case location
        case email
        case bio
        case publicRepos = "public_repos"
        case followers
        case following
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

extension GitHubUser {
    /// The session's user where no account names them: the author of the snapshot's local
    /// comments (docs/protocol.md, "Local state") and of a comment shown before its source has it.
    public static let you = GitHubUser(login: "you", id: 0, type: .user, siteAdmin: false, avatarURL: "", htmlURL: nil)
}
