/// An issue as `GET /repos/{owner}/{name}/issues[/{number}]` returns it. GitHub's issue list
/// holds pull requests too, each marked by a `pull_request` object with its URLs
/// (`isPullRequest`; in 2012-2013 bodies plain issues carry the object with null URLs).
///
/// Decoding accepts every field set GitHub has sent since 2012: `assignees` falls back to the
/// single `assignee`, and `state_reason` (2022) and `closed_by` may be absent.
public struct GitHubIssue: Codable, Sendable, Hashable {
    public var id: Int
    public var number: Int
    public var title: String
    /// The author.
    public var user: GitHubUser
    public var state: GitHubIssueState
    public var stateReason: GitHubStateReason?
    public var labels: [GitHubLabel]
    public var assignees: [GitHubUser]
    /// How many comments it has.
    public var comments: Int
    /// Markdown; null or "" when the author wrote none.
    public var body: String?
    public var htmlURL: String
    public var createdAt: String
    public var updatedAt: String
    public var closedAt: String?
    public var closedBy: GitHubUser?
    /// Set when the item is a pull request listed among the issues.
    public var isPullRequest: Bool
    /// The last change of the snapshot's local state to it, by id; nil when it has none
    /// (docs/protocol.md, "Local state"). Part of the state a confirmation is bound to: two
    /// changes within GitHub's one-second `updated_at` still tell apart.
    public var localChange: Int?
    public var hasLocalChanges: Bool { localChange != nil }

    public init(
        id: Int, number: Int, title: String, user: GitHubUser, state: GitHubIssueState, stateReason: GitHubStateReason?,
        labels: [GitHubLabel], assignees: [GitHubUser], comments: Int, body: String?, htmlURL: String,
        createdAt: String, updatedAt: String, closedAt: String?, closedBy: GitHubUser? = nil, isPullRequest: Bool = false
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.user = user
        self.state = state
        self.stateReason = stateReason
        self.labels = labels
        self.assignees = assignees
        self.comments = comments
        self.body = body
        self.htmlURL = htmlURL
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
        self.closedBy = closedBy
        self.isPullRequest = isPullRequest
    }

    enum CodingKeys: String, CodingKey {
        case comments
        case stateReason = "state_reason"
        case closedBy = "closed_by"
        case pullRequest = "pull_request"
    }

    public init(from decoder: any Decoder) throws {
        let shared = try GitHubConversationFields(from: decoder)
        (id, number, title, user, state, labels, assignees) =
            (shared.id, shared.number, shared.title, shared.user, shared.state, shared.labels, shared.assignees)
        (body, htmlURL, createdAt, updatedAt, closedAt) = (shared.body, shared.htmlURL, shared.createdAt, shared.updatedAt, shared.closedAt)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stateReason = try container.decodeIfPresent(GitHubStateReason.self, forKey: .stateReason)
        comments = try container.decode(Int.self, forKey: .comments)
        closedBy = try container.decodeIfPresent(GitHubUser.self, forKey: .closedBy)
        // Until 2013 every issue carried a `pull_request` object, with null URLs for a plain issue.
        isPullRequest = try container.decodeIfPresent(PullRequestMarker.self, forKey: .pullRequest)?.htmlURL != nil
    }

    private struct PullRequestMarker: Decodable {
        var htmlURL: String?

        enum CodingKeys: String, CodingKey {
            case htmlURL = "html_url"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try GitHubConversationFields(
            id: id, number: number, title: title, user: user, state: state, labels: labels, assignees: assignees, body: body,
            htmlURL: htmlURL, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt
        ).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stateReason, forKey: .stateReason)
        try container.encode(comments, forKey: .comments)
        try container.encodeIfPresent(closedBy, forKey: .closedBy)
        if isPullRequest {
            // GitHub's marker carries the pull request's URLs; a pull request's page is what it means.
            var marker = container.nestedContainer(keyedBy: PullRequestMarker.CodingKeys.self, forKey: .pullRequest)
            try marker.encode(htmlURL, forKey: .htmlURL)
        }
    }
}
