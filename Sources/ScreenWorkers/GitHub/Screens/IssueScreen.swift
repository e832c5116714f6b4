import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// One issue: its state with the reason, author, labels, assignees and dates, its body as
/// readable lines, and its comments.
enum IssueScreen: Conversation {
    static let descriptor = ScreenDescriptor(
        kind: "issue", description: "One issue: its facts, its description and its comments", params: GitHubNavigation.itemParams)
    static let factSections = [(id: "about", header: "About")]

    static func fetch(
        _ source: any GitHubSource, owner: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void
    ) -> Cancellable? {
        source.issue(owner: owner, name: name, number: number, completion: completion)
    }

    static func facts(of issue: GitHubIssue, section: String) -> [RepositoryDetail] {
        let state = ConversationFacts.state(
            IssueStateText.of(issue), ["state": .string(issue.state.rawValue), "stateReason": RowValues.optional(issue.stateReason?.rawValue)])
        let closed = issue.closedAt.map { (label: "Closed", at: $0) }
        return [ConversationFacts.title(issue.title), state] + ConversationFacts.common(user: issue.user, labels: issue.labels, assignees: issue.assignees, createdAt: issue.createdAt, closed: closed)
            + [ConversationFacts.count("about:comments", "Comments", issue.comments), ConversationFacts.link(issue.htmlURL)]
    }

    static func body(of issue: GitHubIssue) -> String? { issue.body }
}
