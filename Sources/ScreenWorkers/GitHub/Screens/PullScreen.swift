import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// One pull request: its state, base ← head, author, labels and dates; its changes (commits,
/// files, additions, deletions, whether it can merge); its body as readable lines; its comments.
enum PullScreen: Conversation {
    static let descriptor = ScreenDescriptor(
        kind: "pull", description: "One pull request: its facts, changes, description and comments", params: GitHubNavigation.itemParams)
    static let factSections = [(id: "about", header: "About"), (id: "changes", header: "Changes")]

    static func fetch(
        _ source: any GitHubSource, owner: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void
    ) -> Cancellable? {
        source.pullRequest(owner: owner, name: name, number: number, completion: completion)
    }

    static func facts(of pull: GitHubPullRequest, section: String) -> [RepositoryDetail] {
        guard section == "about" else { return changes(pull) }
        let state = ConversationFacts.state(IssueStateText.of(pull), [
            "state": .string(pull.state.rawValue), "merged": .bool(pull.isMerged), "draft": .bool(pull.draft),
            "mergeable": pull.mergeable.map(JSONValue.bool) ?? .null,
        ])
        let branches = RepositoryDetail(
            id: "about:branches", kind: RowKind.property, label: "Branches", value: "\(pull.base.ref) ← \(pull.head.label)",
            values: RowValues.property(["base": .string(pull.base.ref), "head": .string(pull.head.label)]))
        let closed = pull.mergedAt.map { (label: "Merged", at: $0) } ?? pull.closedAt.map { (label: "Closed", at: $0) }
        return [ConversationFacts.title(pull.title), state, branches] + ConversationFacts.common(user: pull.user, labels: pull.labels, assignees: pull.assignees, createdAt: pull.createdAt, closed: closed)
            + [ConversationFacts.link(pull.htmlURL)]
    }

    private static func changes(_ pull: GitHubPullRequest) -> [RepositoryDetail] {
        let mergeable = pull.isMerged || pull.state == .closed ? nil : pull.mergeable.map { $0 ? "Yes" : "No, it has conflicts" } ?? "Not known yet"
        return [
            ConversationFacts.count("changes:commits", "Commits", pull.commits), ConversationFacts.count("changes:files", "Changed files", pull.changedFiles),
            ConversationFacts.count("changes:additions", "Additions", pull.additions), ConversationFacts.count("changes:deletions", "Deletions", pull.deletions),
        ] + (mergeable.map { [RepositoryDetail(id: "changes:mergeable", kind: RowKind.property, label: "Mergeable", value: $0, values: RowValues.property(pull.mergeable.map(JSONValue.bool) ?? .null))] } ?? [])
    }

    static func body(of pull: GitHubPullRequest) -> String? { pull.body }
}
