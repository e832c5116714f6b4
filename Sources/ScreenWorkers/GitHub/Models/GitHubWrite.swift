/// An issue or pull request, by where it is.
public struct GitHubItemRef: Sendable, Hashable {
    public var owner: String
    public var name: String
    public var number: Int

    public init(owner: String, name: String, number: Int) {
        (self.owner, self.name, self.number) = (owner, name, number)
    }
}

/// A change the session's user makes on GitHub: what the GitHub screens' actions send
/// (docs/protocol.md, "Actions of the GitHub screens"). The live source sends each to its REST
/// endpoint; the snapshot keeps it in its local state database.
public enum GitHubWrite: Sendable, Equatable {
    case star(owner: String, name: String)
    case unstar(owner: String, name: String)
    case comment(GitHubItemRef, body: String)
    /// Closes an issue with a reason, or a pull request (`reason` nil).
    case close(GitHubItemRef, reason: GitHubStateReason?, pullRequest: Bool)
    case reopen(GitHubItemRef, pullRequest: Bool)
    case addLabel(GitHubItemRef, label: String)
    case removeLabel(GitHubItemRef, label: String)
    /// One of GitHub's reaction contents (`GitHubWrite.reactions`).
    case react(GitHubItemRef, content: String)
    case requestReview(GitHubItemRef, reviewers: [String])
    /// Merges a pull request whose head is still `headSHA`, with `method` (`merge`, `squash`, `rebase`).
    case merge(GitHubItemRef, method: String, headSHA: String)

    /// GitHub's reaction contents.
    public static let reactions = ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"]
    /// GitHub's merge methods.
    public static let mergeMethods = ["merge", "squash", "rebase"]
}
