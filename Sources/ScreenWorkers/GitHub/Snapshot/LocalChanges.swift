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
            guard let write = change.write, write.item == nil, repository.isNamed(owner: change.owner, name: change.name) else { continue }
            write.apply(to: &repository)
            repository.localChange = change.id
        }
    }

    /// The numbers of the items whose state (open, closed) a change set: they may have moved
    /// from one list to another.
    var movedNumbers: Set<Int> {
        let moving = Set([LocalChange.Kind.close, .reopen, .merge].map(\.rawValue))
        return Set(changes.filter { moving.contains($0.kind) }.compactMap(\.number))
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
}

/// How the local state stores a write, and the write a stored change is: the two directions,
/// side by side, so that each reads back what the other writes.
extension LocalChange {
    /// The write this change recorded (`GitHubWrite.localRecord` stored it).
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

extension GitHubWrite {
    /// The change that stores this write (`LocalChange.write` reads it back): its kind, its
    /// repository, its item's number (nil for a star) and its one value. It does not keep whether
    /// a close or reopen named a pull request, nor a merge's head.
    var localRecord: (kind: LocalChange.Kind, owner: String, name: String, number: Int?, value: String) {
        func on(_ item: GitHubItemRef, _ kind: LocalChange.Kind, _ value: String = "") -> (LocalChange.Kind, String, String, Int?, String) {
            (kind, item.owner, item.name, item.number, value)
        }
        switch self {
        case .star(let owner, let name): return (.star, owner, name, nil, "")
        case .unstar(let owner, let name): return (.unstar, owner, name, nil, "")
        case .comment(let item, let body): return on(item, .comment, body)
        case .close(let item, let reason, _): return on(item, .close, reason?.rawValue ?? "")
        case .reopen(let item, _): return on(item, .reopen)
        case .merge(let item, let method, _): return on(item, .merge, method)
        case .addLabel(let item, let label): return on(item, .addLabel, label)
        case .removeLabel(let item, let label): return on(item, .removeLabel, label)
        case .react(let item, let content): return on(item, .react, content)
        case .requestReview(let item, let reviewers): return on(item, .requestReview, reviewers.joined(separator: ","))
        }
    }
}
