/// A pull request as `GET /repos/{owner}/{name}/pulls[/{number}]` returns it.
///
/// The list sends the same fields as the single pull request but for the counts and the merge
/// facts (`merged`, `mergeable`, `additions`, `deletions`, `changed_files`, `commits`,
/// `comments`), which only `GET .../pulls/{number}` computes: they are nil from a list.
/// `draft` (2019) and `labels` and `assignees` (absent from 2012 lists) default to none.
@dynamicMemberLookup
public struct GitHubPullRequest: Codable, Sendable, Hashable {
    /// The fields a pull request shares with an issue (number, title, author, state, labels,
    /// assignees, body, dates), declared once there and read here as if declared here:
    /// `pull.title`.
    public var conversation: GitHubConversationFields
    public var draft: Bool
    public var mergedAt: String?
    /// Where the changes go ("main") and where they come from.
    public var base: GitHubBranchRef
    public var head: GitHubBranchRef
    public var merged: Bool?
    /// Null while GitHub is still computing it, and for a closed pull request.
    public var mergeable: Bool?
    public var mergedBy: GitHubUser?
    public var additions: Int?
    public var deletions: Int?
    public var changedFiles: Int?
    public var commits: Int?
    /// Conversation comments (the issue comments of the pull request), without review comments.
    public var comments: Int?
    /// The last change of the snapshot's local state to it, by id; nil when it has none
    /// (docs/protocol.md, "Local state"). Part of the state a confirmation is bound to: two
    /// changes within GitHub's one-second `updated_at` still tell apart.
    public var localChange: Int?

    public subscript<Value>(dynamicMember field: WritableKeyPath<GitHubConversationFields, Value>) -> Value {
        get { conversation[keyPath: field] }
        set { conversation[keyPath: field] = newValue }
    }

    public init(
        id: Int, number: Int, title: String, user: GitHubUser, state: GitHubIssueState, draft: Bool, labels: [GitHubLabel],
        assignees: [GitHubUser], body: String?, htmlURL: String, createdAt: String, updatedAt: String, closedAt: String?,
        mergedAt: String?, base: GitHubBranchRef, head: GitHubBranchRef, merged: Bool? = nil, mergeable: Bool? = nil,
        mergedBy: GitHubUser? = nil, additions: Int? = nil, deletions: Int? = nil, changedFiles: Int? = nil,
        commits: Int? = nil, comments: Int? = nil
    ) {
        conversation = GitHubConversationFields(
            id: id, number: number, title: title, user: user, state: state, labels: labels, assignees: assignees, body: body,
            htmlURL: htmlURL, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt)
        (self.draft, self.mergedAt) = (draft, mergedAt)
        (self.base, self.head, self.merged, self.mergeable, self.mergedBy) = (base, head, merged, mergeable, mergedBy)
        (self.additions, self.deletions, self.changedFiles) = (additions, deletions, changedFiles)
        (self.commits, self.comments) = (commits, comments)
    }

    /// Whether it was merged: `merged` where GitHub sent it, else whether it has a merge time.
    public var isMerged: Bool { merged ?? (mergedAt != nil) }

    enum CodingKeys: String, CodingKey {
        case draft, base, head, merged, mergeable, additions, deletions, commits, comments
        case mergedAt = "merged_at"
        case mergedBy = "merged_by"
        case changedFiles = "changed_files"
    }

    public init(from decoder: any Decoder) throws {
        conversation = try GitHubConversationFields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        draft = try container.decodeIfPresent(Bool.self, forKey: .draft) ?? false
        mergedAt = try container.decodeIfPresent(String.self, forKey: .mergedAt)
        base = try container.decode(GitHubBranchRef.self, forKey: .base)
        head = try container.decode(GitHubBranchRef.self, forKey: .head)
        merged = try container.decodeIfPresent(Bool.self, forKey: .merged)
        mergeable = try container.decodeIfPresent(Bool.self, forKey: .mergeable)
        mergedBy = try container.decodeIfPresent(GitHubUser.self, forKey: .mergedBy)
        additions = try container.decodeIfPresent(Int.self, forKey: .additions)
        deletions = try container.decodeIfPresent(Int.self, forKey: .deletions)
        changedFiles = try container.decodeIfPresent(Int.self, forKey: .changedFiles)
        commits = try container.decodeIfPresent(Int.self, forKey: .commits)
        comments = try container.decodeIfPresent(Int.self, forKey: .comments)
    }

    public func encode(to encoder: any Encoder) throws {
        try conversation.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(draft, forKey: .draft)
        try container.encode(mergedAt, forKey: .mergedAt)
        try container.encode(base, forKey: .base)
        try container.encode(head, forKey: .head)
        try container.encodeIfPresent(merged, forKey: .merged)
        try container.encodeIfPresent(mergeable, forKey: .mergeable)
        try container.encodeIfPresent(mergedBy, forKey: .mergedBy)
        try container.encodeIfPresent(additions, forKey: .additions)
        try container.encodeIfPresent(deletions, forKey: .deletions)
        try container.encodeIfPresent(changedFiles, forKey: .changedFiles)
        try container.encodeIfPresent(commits, forKey: .commits)
        try container.encodeIfPresent(comments, forKey: .comments)
    }
}

/// One end of a pull request (`base`, `head`): the branch and the repository it is in. The head
/// repository is null once the fork it came from is deleted; its owner (`user`) was null in 2012.
public struct GitHubBranchRef: Codable, Sendable, Hashable {
    /// "owner:branch", e.g. "BeaverSoftware:master".
    public var label: String
    /// The branch's name.
    public var ref: String
    public var sha: String
    /// The repository's "owner/name", nil when it no longer exists.
    public var repositoryFullName: String?

    public init(label: String, ref: String, sha: String, repositoryFullName: String?) {
        self.label = label
        self.ref = ref
        self.sha = sha
        self.repositoryFullName = repositoryFullName
    }

    enum CodingKeys: String, CodingKey {
        case label, ref, sha, repo
    }

    private enum RepositoryKeys: String, CodingKey {
        case fullName = "full_name"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        ref = try container.decode(String.self, forKey: .ref)
        sha = try container.decode(String.self, forKey: .sha)
        if try !container.contains(.repo) || container.decodeNil(forKey: .repo) {
            repositoryFullName = nil
        } else {
            let repository = try container.nestedContainer(keyedBy: RepositoryKeys.self, forKey: .repo)
            repositoryFullName = try repository.decode(String.self, forKey: .fullName)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(ref, forKey: .ref)
        try container.encode(sha, forKey: .sha)
        if let repositoryFullName {
            var repository = container.nestedContainer(keyedBy: RepositoryKeys.self, forKey: .repo)
            try repository.encode(repositoryFullName, forKey: .fullName)
        } else {
            try container.encodeNil(forKey: .repo)
        }
    }
}
