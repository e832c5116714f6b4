import GitHubModels
import ListController
import UVKit

/// The snapshot source's writes: checked against the snapshot with its local state as GitHub
/// would check them (an unknown item is `notFound`, a merged pull request cannot be merged or
/// reopened, a merge whose head moved is a `conflict`), then appended to the local state. The
/// snapshot itself is never written.
extension SnapshotSource {
    public var writeRefusal: ActionFailure? {
        localState == nil ? ActionFailure(.readOnlySource, "this snapshot source keeps no local state: it cannot write") : nil
    }

    public func write(_ write: GitHubWrite, completion: @escaping (Result<Void, ActionFailure>) -> Void) {
        guard let local = localState else { return completion(.failure(writeRefusal ?? ActionFailure(.readOnlySource, "read-only"))) }
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

    private static func record(_ write: GitHubWrite, in store: SnapshotStore, _ local: LocalState) throws {
        let changes = try write.item.map { try localChanges(local, owner: $0.owner, name: $0.name) } ?? .none
        switch write {
        case .star(let owner, let name), .unstar(let owner, let name):
            guard try store.repository(owner: owner, name: name) != nil else { throw notFound("no repository named '\(owner)/\(name)'") }
            let kind: LocalChange.Kind = if case .star = write { .star } else { .unstar }
            try local.record(kind, owner: owner, name: name, number: nil)
        case .comment(let item, let body):
            _ = try issue(item, store, changes)
            try local.record(.comment, owner: item.owner, name: item.name, number: item.number, value: body)
        case .close(let item, let reason, _):
            _ = try issue(item, store, changes)
            try local.record(.close, owner: item.owner, name: item.name, number: item.number, value: reason?.rawValue ?? "")
        case .reopen(let item, _):
            if let pull = try pull(item, store, changes), pull.isMerged {
                throw ActionFailure(.validation, "#\(item.number) was merged: a merged pull request cannot be reopened", status: 422)
            }
            _ = try issue(item, store, changes)
            try local.record(.reopen, owner: item.owner, name: item.name, number: item.number)
        case .addLabel(let item, let label):
            guard LabelCatalog.all.contains(where: { $0.name == label }) else {
                throw ActionFailure(.validation, "'\(item.owner)/\(item.name)' has no label '\(label)'", status: 422)
            }
            _ = try issue(item, store, changes)
            try local.record(.addLabel, owner: item.owner, name: item.name, number: item.number, value: label)
        case .removeLabel(let item, let label):
            guard try issue(item, store, changes).labels.contains(where: { $0.name == label }) else {
                throw ActionFailure(.notFound, "#\(item.number) has no label '\(label)'", status: 404)
            }
            try local.record(.removeLabel, owner: item.owner, name: item.name, number: item.number, value: label)
        case .react(let item, let content):
            _ = try issue(item, store, changes)
            try local.record(.react, owner: item.owner, name: item.name, number: item.number, value: content)
        case .requestReview(let item, let reviewers):
            guard try pull(item, store, changes) != nil else { throw notFound("no pull request #\(item.number) in '\(item.owner)/\(item.name)'") }
            for reviewer in reviewers where try store.user(login: reviewer) == nil {
                throw ActionFailure(.validation, "no user named '\(reviewer)' can be asked for a review", status: 422)
            }
            try local.record(.requestReview, owner: item.owner, name: item.name, number: item.number, value: reviewers.joined(separator: ","))
        case .merge(let item, let method, let headSHA):
            guard let pull = try pull(item, store, changes) else { throw notFound("no pull request #\(item.number) in '\(item.owner)/\(item.name)'") }
            guard pull.state == .open, !pull.isMerged else {
                throw ActionFailure(.notAllowed, "#\(item.number) is not open: it cannot be merged", status: 405)
            }
            guard pull.head.sha == headSHA else {
                throw ActionFailure(.conflict, "the pull request changed since you looked: its head is now \(pull.head.sha.prefix(7))", status: 409)
            }
            try local.record(.merge, owner: item.owner, name: item.name, number: item.number, value: method)
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
