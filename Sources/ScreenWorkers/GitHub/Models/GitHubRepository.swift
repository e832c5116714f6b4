/// A repository as `GET /repos/{owner}/{name}` and the repository lists return it.
///
/// Decoding accepts every field set GitHub has sent since 2012: the `*_count` fields fall back to
/// their older names (`watchers`, `forks`, `open_issues`; before `stargazers_count` existed,
/// `watchers` counted stars), `default_branch` falls back to `master_branch`, and `topics`
/// defaults to none. Encoding always writes the current names.
public struct GitHubRepository: Codable, Sendable, Hashable {
    public var id: Int
    public var name: String
    public var fullName: String
    public var owner: GitHubUser
    public var isPrivate: Bool
    public var htmlURL: String
    /// Often null, sometimes "".
    public var description: String?
    public var fork: Bool
    public var homepage: String?
    public var language: String?
    public var license: GitHubLicense?
    public var stargazersCount: Int
    public var forksCount: Int
    public var watchersCount: Int
    public var openIssuesCount: Int
    public var topics: [String]
    /// Null only in bodies recorded before GitHub sent either `default_branch` or `master_branch`.
    public var defaultBranch: String?
    public var createdAt: String
    public var updatedAt: String
    /// Null for a repository nobody has pushed to.
    public var pushedAt: String?
    /// Whether the session's user starred it; nil where the source cannot know. Not in GitHub's
    /// body: the sources set it.
    public var starred: Bool?
    /// The last change of the snapshot's local state to it, by id; nil when it has none
    /// (docs/protocol.md, "Local state"). Part of the state a confirmation is bound to: two
    /// changes within GitHub's one-second `updated_at` still tell apart.
    public var localChange: Int?
    public var hasLocalChanges: Bool { localChange != nil }
    /// How many open issues its issue list holds, without the pull requests GitHub's
    /// `open_issues_count` also counts; nil where the source does not know (the live source).
    public var openIssuesListed: Int?

    /// Whether it is `owner/name`, in any letter case (as GitHub compares them).
    public func isNamed(owner: String, name: String) -> Bool {
        self.owner.login.lowercased() == owner.lowercased() && self.name.lowercased() == name.lowercased()
    }

    public init(
        id: Int, name: String, owner: GitHubUser, isPrivate: Bool = false, htmlURL: String,
        description: String?, fork: Bool, homepage: String?, language: String?, license: GitHubLicense?,
        stargazersCount: Int, forksCount: Int, watchersCount: Int, openIssuesCount: Int, topics: [String],
        defaultBranch: String?, createdAt: String, updatedAt: String, pushedAt: String?
    ) {
        self.id = id
        self.name = name
        self.fullName = "\(owner.login)/\(name)"
        self.owner = owner
        self.isPrivate = isPrivate
        self.htmlURL = htmlURL
        self.description = description
        self.fork = fork
        self.homepage = homepage
        self.language = language
        self.license = license
        self.stargazersCount = stargazersCount
        self.forksCount = forksCount
        self.watchersCount = watchersCount
        self.openIssuesCount = openIssuesCount
        self.topics = topics
        self.defaultBranch = defaultBranch
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case fullName = "full_name"
        case owner
        case isPrivate = "private"
        case htmlURL = "html_url"
        case description
        case fork
        case homepage
        case language
        case license
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case watchersCount = "watchers_count"
        case openIssuesCount = "open_issues_count"
        case topics
        case defaultBranch = "default_branch"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
    }

    /// The names older bodies used for the same facts.
    private enum LegacyCodingKeys: String, CodingKey {
        case watchers
        case forks
        case openIssues = "open_issues"
        case masterBranch = "master_branch"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let legacy = try decoder.container(keyedBy: LegacyCodingKeys.self)

        func count(_ key: CodingKeys, else legacyKey: LegacyCodingKeys) throws -> Int {
            if let value = try container.decodeIfPresent(Int.self, forKey: key) { return value }
            return try legacy.decode(Int.self, forKey: legacyKey)
        }

        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        owner = try container.decode(GitHubUser.self, forKey: .owner)
        isPrivate = try container.decode(Bool.self, forKey: .isPrivate)
        htmlURL = try container.decode(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        fork = try container.decode(Bool.self, forKey: .fork)
        homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        license = try container.decodeIfPresent(GitHubLicense.self, forKey: .license)
        stargazersCount = try count(.stargazersCount, else: .watchers)
        forksCount = try count(.forksCount, else: .forks)
        watchersCount = try count(.watchersCount, else: .watchers)
        openIssuesCount = try count(.openIssuesCount, else: .openIssues)
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
        defaultBranch =
            try container.decodeIfPresent(String.self, forKey: .defaultBranch)
            ?? legacy.decodeIfPresent(String.self, forKey: .masterBranch)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        pushedAt = try container.decodeIfPresent(String.self, forKey: .pushedAt)
    }
}
