/// An issue or a pull request: the fields the two share and what a write about one does to it
/// (`GitHubWrite.apply`), so what works on either is written once.
public protocol GitHubItem: Sendable {
    var conversation: GitHubConversationFields { get }
    var localChange: Int? { get set }
    mutating func apply(_ write: GitHubWrite, at time: String)
}

extension GitHubItem {
    public var hasLocalChanges: Bool { localChange != nil }
}

extension GitHubIssue: GitHubItem {
    public mutating func apply(_ write: GitHubWrite, at time: String) { write.apply(to: &self, at: time) }
}

extension GitHubPullRequest: GitHubItem {
    public mutating func apply(_ write: GitHubWrite, at time: String) { write.apply(to: &self, at: time) }
}
