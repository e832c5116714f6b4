/// The fields GitHub's issues and pull requests share, declared, read and written once for both
/// (`GitHubIssue`, `GitHubPullRequest`, which read them as their own: `issue.title`), with the
/// fallbacks GitHub's bodies have needed since 2012: `labels` may be absent, and `assignees`
/// falls back to the single `assignee`.
public struct GitHubConversationFields: Codable, Sendable, Hashable {
    public var id: Int
    public var number: Int
    public var title: String
    /// The author.
    public var user: GitHubUser
    /// "open" or "closed"; a merged pull request is closed with `mergedAt` set.
    public var state: GitHubIssueState
    public var isOpen: Bool { state == .open }
    public var labels: [GitHubLabel]
    public var assignees: [GitHubUser]
    /// Markdown; null or "" when the author wrote none.
    public var body: String?
    public var htmlURL: String
    public var createdAt: String
    public var updatedAt: String
    public var closedAt: String?

    public init(
        id: Int, number: Int, title: String, user: GitHubUser, state: GitHubIssueState, labels: [GitHubLabel],
        assignees: [GitHubUser], body: String?, htmlURL: String, createdAt: String, updatedAt: String, closedAt: String?
    ) {
        (self.id, self.number, self.title, self.user, self.state) = (id, number, title, user, state)
        (self.labels, self.assignees, self.body, self.htmlURL) = (labels, assignees, body, htmlURL)
        (self.createdAt, self.updatedAt, self.closedAt) = (createdAt, updatedAt, closedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, number, title, user, state, labels, assignees, assignee, body
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        number = try container.decode(Int.self, forKey: .number)
        title = try container.decode(String.self, forKey: .title)
        user = try container.decode(GitHubUser.self, forKey: .user)
        state = try container.decode(GitHubIssueState.self, forKey: .state)
        labels = try container.decodeIfPresent([GitHubLabel].self, forKey: .labels) ?? []
        assignees =
            try container.decodeIfPresent([GitHubUser].self, forKey: .assignees)
            ?? container.decodeIfPresent(GitHubUser.self, forKey: .assignee).map { [$0] } ?? []
        body = try container.decodeIfPresent(String.self, forKey: .body)
        htmlURL = try container.decode(String.self, forKey: .htmlURL)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        closedAt = try container.decodeIfPresent(String.self, forKey: .closedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(user, forKey: .user)
        try container.encode(state, forKey: .state)
        try container.encode(labels, forKey: .labels)
        try container.encode(assignees, forKey: .assignees)
        try container.encode(body, forKey: .body)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(closedAt, forKey: .closedAt)
    }
}
