import GitHubModels
import ListController
import UVKit

/// The snapshot source's writes: checked against the snapshot with its local state as GitHub
/// would check them (an unknown item is `notFound`, a merged pull request cannot be merged or
/// reopened, a merge whose head moved is a `conflict`), then appended to the local state. The
/// snapshot itself is never written.
extension SnapshotSource {
    public var writeRefusal: ActionFailure? {
        localState == nil ? Self.keepsNoLocalState : nil
    }

    private static let keepsNoLocalState = ActionFailure(.readOnlySource, "this snapshot source keeps no local state: it cannot write")

    public func write(_ write: GitHubWrite, completion: @escaping (Result<Void, ActionFailure>) -> Void) {
        // The refusal `writeRefusal` gives, the only case without a local state to write to.
        guard let local = localState else { return completion(.failure(Self.keepsNoLocalState)) }
        let store = self.store
        _ = queue.run({ try Self.record(write, in: store, local) }, completion: { result in
            completion(result.mapError { error in
                error as? ActionFailure ?? ActionFailure(.unavailable, "the local state database could not be written: \(Self.reason(error))")
            })
        })
    }

    public func labels(owner login: String, name: String, completion: @escaping (Result<[GitHubLabel], any Error>) -> Void) -> Cancellable? {
        // Every snapshot repository has the labels GitHub gives a new repository.
        completion(.success(LabelCatalog.all))
        return nil
    }

    /// Checks the write as GitHub would, then appends it to the local state as the change that
    /// stores it (`GitHubWrite.localRecord`).
    private static func record(_ write: GitHubWrite, in store: SnapshotStore, _ local: LocalState) throws {
        let changes = try write.item.map { try localChanges(local, owner: $0.owner, name: $0.name) } ?? .none
        try check(write, in: store, changes)
        let change = write.localRecord
        try local.record(change.kind, owner: change.owner, name: change.name, number: change.number, value: change.value)
    }

    /// Throws what GitHub would answer the write with when it refuses it; `changes` are those of
    /// the item's repository.
    private static func check(_ write: GitHubWrite, in store: SnapshotStore, _ changes: LocalChanges) throws {
        switch write {
        case .star(let owner, let name), .unstar(let owner, let name):
            guard try store.repository(owner: owner, name: name) != nil else { throw notFound("no repository named '\(owner)/\(name)'") }
        case .comment(let item, _), .close(let item, _, _), .react(let item, _):
            _ = try issue(item, store, changes)
        case .reopen(let item, _):
            if let pull = try pull(item, store, changes), pull.isMerged {
                throw ActionFailure(.validation, "#\(item.number) was merged: a merged pull request cannot be reopened", status: 422)
            }
            _ = try issue(item, store, changes)
        case .addLabel(let item, let label):
            guard LabelCatalog.all.contains(where: { $0.name == label }) else {
                throw ActionFailure(.validation, "'\(item.owner)/\(item.name)' has no label '\(label)'", status: 422)
            }
            _ = try issue(item, store, changes)
        case .removeLabel(let item, let label):
            guard try issue(item, store, changes).labels.contains(where: { $0.name == label }) else {
                throw ActionFailure(.notFound, "#\(item.number) has no label '\(label)'", status: 404)
            }
        case .requestReview(let item, let reviewers):
            guard try pull(item, store, changes) != nil else { throw notFound("no pull request #\(item.number) in '\(item.owner)/\(item.name)'") }
            for reviewer in reviewers where try store.user(login: reviewer) == nil {
                throw ActionFailure(.validation, "no user named '\(reviewer)' can be asked for a review", status: 422)
            }
        case .merge(let item, _, let headSHA):
            guard let pull = try pull(item, store, changes) else { throw notFound("no pull request #\(item.number) in '\(item.owner)/\(item.name)'") }
            guard pull.state == .open, !pull.isMerged else {
                throw ActionFailure(.notAllowed, "#\(item.number) is not open: it cannot be merged", status: 405)
            }
            guard pull.head.sha == headSHA else {
                throw ActionFailure(.conflict, "the pull request changed since you looked: its head is now \(pull.head.sha.prefix(7))", status: 409)
            }
        }
    }

    /// The item as the snapshot and the local state (the item's repository's `changes`) have it.
    private static func issue(_ item: GitHubItemRef, _ store: SnapshotStore, _ changes: LocalChanges) throws -> GitHubIssue {
        guard let issue = try store.issue(owner: item.owner, name: item.name, number: item.number) else {
            throw notFound("no issue or pull request #\(item.number) in '\(item.owner)/\(item.name)'")
        }
        return issue.applying(changes)
    }

    private static func pull(_ item: GitHubItemRef, _ store: SnapshotStore, _ changes: LocalChanges) throws -> GitHubPullRequest? {
        try store.pullRequest(owner: item.owner, name: item.name, number: item.number)?.applying(changes)
    }

    private static func notFound(_ message: String) -> ActionFailure { ActionFailure(.notFound, message, status: 404) }
}
