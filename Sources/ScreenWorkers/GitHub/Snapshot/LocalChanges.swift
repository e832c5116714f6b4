import GitHubModels

/// The local state's changes applied over what the snapshot says (docs/protocol.md, "Local
/// state"): each change is the write it recorded, applied as every write is
/// (`GitHubWrite.apply`), for every read of the snapshot source.
struct LocalChanges: Sendable {
    let changes: [LocalChange]

    /// Local comments' ids: far above any id the snapshot gives, so they never collide.
    static let commentIDBase = 1 << 40

    static let none = LocalChanges(changes: [])

    var isEmpty: Bool { changes.isEmpty }

    /// Stars and unstars; the snapshot's user starred nothing.
    func apply(to repository: inout GitHubRepository) {
        repository.starred = false
        for change in changes {
            guard let write = change.write, write.item == nil, Self.names(change, repository) else { continue }
            write.apply(to: &repository)
            repository.localChange = change.id
        }
    }

    /// The numbers of the items whose state (open, closed) a change set: they may have moved
    /// from one list to another.
    var movedNumbers: Set<Int> {
        Set(changes.filter { ["close", "reopen", "merge"].contains($0.kind) }.compactMap(\.number))
    }

    /// The changes to the issue or pull request.
    func apply<Item: GitHubItem>(to item: inout Item) {
        for change in changes where change.number == item.conversation.number {
            if let write = change.write { item.apply(write, at: change.madeAt) }
            item.localChange = change.id
        }
    }

    /// The comments written locally on item `number`, oldest first.
    func comments(on number: Int) -> [GitHubComment] {
        changes.filter { $0.kind == LocalChange.Kind.comment.rawValue && $0.number == number }.map { change in
            GitHubComment(
                id: Self.commentIDBase + change.id, user: .you, body: change.value, htmlURL: nil, createdAt: change.madeAt,
                updatedAt: change.madeAt)
        }
    }

    private static func names(_ change: LocalChange, _ repository: GitHubRepository) -> Bool {
        change.owner.lowercased() == repository.owner.login.lowercased() && change.name.lowercased() == repository.name.lowercased()
    }
}

extension LocalChange {
    /// The write this change recorded.
    var write: GitHubWrite? {
        let item = number.map { GitHubItemRef(owner: owner, name: name, number: $0) }
        switch (Kind(rawValue: kind), item) {
        case (.star?, nil): return .star(owner: owner, name: name)
        case (.unstar?, nil): return .unstar(owner: owner, name: name)
        case (.comment?, let item?): return .comment(item, body: value)
        case (.close?, let item?): return .close(item, reason: value.isEmpty ? nil : GitHubStateReason(rawValue: value), pullRequest: false)
        case (.reopen?, let item?): return .reopen(item, pullRequest: false)
        case (.merge?, let item?): return .merge(item, method: value, headSHA: "")
        case (.addLabel?, let item?): return .addLabel(item, label: value)
        case (.removeLabel?, let item?): return .removeLabel(item, label: value)
        case (.react?, let item?): return .react(item, content: value)
        case (.requestReview?, let item?): return .requestReview(item, reviewers: value.split(separator: ",").map(String.init))
        default: return nil
        }
    }
}
