import GitHubModels

/// The local state's changes applied over what the snapshot says (docs/protocol.md, "Local
/// state"): one definition of what each change does, for every read of the snapshot source.
struct LocalChanges: Sendable {
    let changes: [LocalChange]

    /// The login of the session's user in the snapshot's local state: the author of its comments.
    static let viewerLogin = "you"
    /// Local comments' ids: far above any id the snapshot gives, so they never collide.
    static let commentIDBase = 1 << 40

    static let none = LocalChanges(changes: [])

    var isEmpty: Bool { changes.isEmpty }

    /// The session's user's last star or unstar of the repository; the snapshot's user starred nothing.
    private func lastStar(owner: String, name: String) -> LocalChange? {
        changes.last { ($0.kind == "star" || $0.kind == "unstar") && same($0, owner, name) }
    }

    func apply(to repository: inout GitHubRepository) {
        repository.starred = false
        guard let last = lastStar(owner: repository.owner.login, name: repository.name) else { return }
        repository.starred = last.kind == "star"
        if last.kind == "star" { repository.stargazersCount += 1 }
        repository.localChange = last.id
    }

    /// The numbers of the items whose state (open, closed) a change set: they may have moved
    /// from one list to another.
    var movedNumbers: Set<Int> {
        Set(changes.filter { ["close", "reopen", "merge"].contains($0.kind) }.compactMap(\.number))
    }

    func apply(to issue: inout GitHubIssue) {
        for change in changes where change.number == issue.number {
            issue.localChange = change.id
            issue.updatedAt = change.madeAt
            switch LocalChange.Kind(rawValue: change.kind) {
            case .close, .merge:
                issue.state = .closed
                issue.stateReason = change.kind == "merge" ? nil : GitHubStateReason(rawValue: change.value.isEmpty ? "completed" : change.value)
                issue.closedAt = change.madeAt
            case .reopen:
                (issue.state, issue.stateReason, issue.closedAt) = (.open, .reopened, nil)
            case .addLabel, .removeLabel:
                issue.labels = Self.labels(issue.labels, change)
            case .comment:
                issue.comments += 1
            default:
                break
            }
        }
    }

    func apply(to pull: inout GitHubPullRequest) {
        for change in changes where change.number == pull.number {
            pull.localChange = change.id
            pull.updatedAt = change.madeAt
            switch LocalChange.Kind(rawValue: change.kind) {
            case .close:
                (pull.state, pull.closedAt) = (.closed, change.madeAt)
            case .merge:
                (pull.state, pull.closedAt, pull.mergedAt, pull.merged, pull.mergeable) = (.closed, change.madeAt, change.madeAt, true, nil)
            case .reopen:
                (pull.state, pull.closedAt) = (.open, nil)
            case .addLabel, .removeLabel:
                pull.labels = Self.labels(pull.labels, change)
            case .comment:
                pull.comments = pull.comments.map { $0 + 1 }
            default:
                break
            }
        }
    }

    /// The comments written locally on item `number`, oldest first.
    func comments(on number: Int) -> [GitHubComment] {
        changes.filter { $0.kind == "comment" && $0.number == number }.map { change in
            GitHubComment(
                id: Self.commentIDBase + change.id, user: Self.viewer, body: change.value, htmlURL: nil, createdAt: change.madeAt,
                updatedAt: change.madeAt)
        }
    }

    static let viewer = GitHubUser(login: viewerLogin, id: 0, type: .user, siteAdmin: false, avatarURL: "", htmlURL: nil)

    private static func labels(_ labels: [GitHubLabel], _ change: LocalChange) -> [GitHubLabel] {
        var labels = labels.filter { $0.name != change.value }
        if change.kind == LocalChange.Kind.addLabel.rawValue { labels.append(LabelCatalog.label(named: change.value)) }
        return labels
    }

    private func same(_ change: LocalChange, _ owner: String, _ name: String) -> Bool {
        change.owner.lowercased() == owner.lowercased() && change.name.lowercased() == name.lowercased()
    }
}
