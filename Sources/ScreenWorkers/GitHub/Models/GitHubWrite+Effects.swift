/// What each write does to the items a user sees, defined once: the snapshot's local state
/// applies its log of writes with these over every read, and the screens show a write with them
/// before the source has answered (the rows a perform previews).
extension GitHubWrite {
    /// A star or unstar of this repository: whether the session's user starred it, and its count.
    public func apply(to repository: inout GitHubRepository) {
        switch self {
        case .star(let owner, let name) where repository.isNamed(owner: owner, name: name):
            if repository.starred != true { repository.stargazersCount += 1 }
            repository.starred = true
        case .unstar(let owner, let name) where repository.isNamed(owner: owner, name: name):
            if repository.starred == true { repository.stargazersCount = max(0, repository.stargazersCount - 1) }
            repository.starred = false
        default:
            break
        }
    }

    /// A write about this issue or pull request (by number), in the fields both have: when it
    /// changed, its state and when it closed, its labels; `time` is when. False, changing
    /// nothing, when the write is about another item.
    func apply(to conversation: inout GitHubConversationFields, at time: String) -> Bool {
        guard item?.number == conversation.number else { return false }
        conversation.updatedAt = time
        switch self {
        case .close, .merge:
            (conversation.state, conversation.closedAt) = (.closed, time)
        case .reopen:
            (conversation.state, conversation.closedAt) = (.open, nil)
        case .addLabel(_, let label), .removeLabel(_, let label):
            conversation.labels = labels(conversation.labels, label)
        default:
            break
        }
        return true
    }

    /// A write about this issue (by number): the shared fields, then its state reason and
    /// comment count.
    public func apply(to issue: inout GitHubIssue, at time: String) {
        guard apply(to: &issue.conversation, at: time) else { return }
        switch self {
        case .close(_, let reason, _):
            issue.stateReason = reason ?? .completed
        case .merge:
            issue.stateReason = nil
        case .reopen:
            issue.stateReason = .reopened
        case .comment:
            issue.comments += 1
        default:
            break
        }
    }

    /// A write about this pull request (by number): the shared fields, then its merge and
    /// comment count.
    public func apply(to pull: inout GitHubPullRequest, at time: String) {
        guard apply(to: &pull.conversation, at: time) else { return }
        switch self {
        case .merge:
            (pull.mergedAt, pull.merged, pull.mergeable) = (time, true, nil)
        case .comment:
            pull.comments = pull.comments.map { $0 + 1 }
        default:
            break
        }
    }

    /// The issue or pull request the write is about; nil for a star.
    public var item: GitHubItemRef? {
        switch self {
        case .star, .unstar: return nil
        case .comment(let item, _), .close(let item, _, _), .reopen(let item, _), .addLabel(let item, _), .removeLabel(let item, _),
            .react(let item, _), .requestReview(let item, _), .merge(let item, _, _):
            return item
        }
    }

    /// The labels after adding or removing `label`.
    private func labels(_ labels: [GitHubLabel], _ label: String) -> [GitHubLabel] {
        var labels = labels.filter { $0.name != label }
        if case .addLabel = self { labels.append(GitHubLabel(name: label)) }
        return labels
    }
}
