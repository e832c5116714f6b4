/// An issue as `GET /repos/{owner}/{name}/issues[/{number}]` returns it. GitHub's issue list
/// holds pull requests too, each marked by a `pull_request` object with its URLs
/// (`isPullRequest`; in 2012-2013 bodies plain issues carry the object with null URLs).
///
/// Decoding accepts every field set GitHub has sent since 2012: `assignees` falls back to the
/// single `assignee`, and `state_reason` (2022) and `closed_by` may be absent.
@dynamicMemberLookup
public struct GitHubIssue: Codable, Sendable, Hashable {
    /// The fields an issue shares with a pull request (number, title, author, state, labels,
    /// assignees, body, dates), declared once there and read here as if declared here:
    /// `issue.title`.
    public var conversation: GitHubConversationFields
    public var stateReason: GitHubStateReason?
    /// How many comments it has.
    public var comments: Int
    public var closedBy: GitHubUser?
    /// Set when the item is a pull request listed among the issues.
    public var isPullRequest: Bool
    /// The last change of the snapshot's local state to it, by id; nil when it has none
    /// (docs/protocol.md, "Local state"). Part of the state a confirmation is bound to: two
    /// changes within GitHub's one-second `updated_at` still tell apart.
    public var localChange: Int?

    public subscript<Value>(dynamicMember field: WritableKeyPath<GitHubConversationFields, Value>) -> Value {
        get { conversation[keyPath: field] }
        set { conversation[keyPath: field] = newValue }
    }

    public init(
        id: Int, number: Int, title: String, user: GitHubUser, state: GitHubIssueState, stateReason: GitHubStateReason?,
        labels: [GitHubLabel], assignees: [GitHubUser], comments: Int, body: String?, htmlURL: String,
        createdAt: String, updatedAt: String, closedAt: String?, closedBy: GitHubUser? = nil, isPullRequest: Bool = false
    ) {
        conversation = GitHubConversationFields(
            id: id, number: number, title: title, user: user, state: state, labels: labels, assignees: assignees, body: body,
            htmlURL: htmlURL, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt)
        self.stateReason = stateReason
        self.comments = comments
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
        conversation = try GitHubConversationFields(from: decoder)
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
        try conversation.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stateReason, forKey: .stateReason)
        try container.encode(comments, forKey: .comments)
        try container.encodeIfPresent(closedBy, forKey: .closedBy)
        if isPullRequest {
            // GitHub's marker carries the pull request's URLs; a pull request's page is what it means.
            var marker = container.nestedContainer(keyedBy: PullRequestMarker.CodingKeys.self, forKey: .pullRequest)
            try marker.encode(conversation.htmlURL, forKey: .htmlURL)
        }
    }
}
