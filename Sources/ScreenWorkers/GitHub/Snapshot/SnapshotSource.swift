import Foundation
import GitHubData
import GitHubModels
import GRDB
import ListController
import UVKit

/// The snapshot as a `GitHubSource`: every read runs on a background queue so the worker keeps
/// answering the host, and a superseded read is interrupted inside SQLite, not left to finish.
public final class SnapshotSource: GitHubSource {
    public let store: SnapshotStore
    /// The user's writes, read over the snapshot; nil: none are kept, and writing is refused.
    public let localState: LocalState?
    let queue: BackgroundQueue
    /// Search results stop here, as GitHub's search API does.
    public static let searchResultLimit = GitHubSearchTotal.resultCap
    public static let pageSize = 50

    public init(store: SnapshotStore, localState: LocalState? = nil, loop: UVLoop) throws {
        self.store = store
        self.localState = localState
        queue = try BackgroundQueue(loop: loop, label: "snapshot-reads")
    }

    /// Reads on the background queue; cancelling interrupts the read inside SQLite if it runs
    /// (`BackgroundQueue` interrupts a job only while it runs).
    func read<T: Sendable>(_ body: @escaping @Sendable (SnapshotStore) throws -> T, completion: @escaping (Result<T, any Error>) -> Void) -> Cancellable {
        let store = self.store
        return queue.run({ try body(store) }, interrupt: { store.interrupt() }, completion: { result in
            completion(result.mapError { error in
                error is ScreenError ? error : ScreenError.dataUnavailable("the snapshot could not be read: \(Self.reason(error))")
            })
        })
    }

    public func popularUsers() -> SectionLoader<GitHubUser> {
        .indexed { [self] range, completion in
            read({ store in
                let window = try store.popularWindow(range)
                return Window(items: window.users, total: window.total)
            }, completion: completion)
        }
    }

    public func searchUsers(_ query: String) -> SectionLoader<GitHubUser> {
        .pages(pageSize: Self.pageSize) { [self] cursor, completion in
            let offset = cursor.flatMap { Int($0.value) } ?? 0
            return read({ store in
                // The ranking spans three queries, so a page is the ranked prefix up to its end.
                let upTo = min(offset + Self.pageSize, Self.searchResultLimit)
                let ranked = try store.searchUsers(matching: query, limit: upTo + 1)
                let items = Array(ranked.dropFirst(offset).prefix(upTo - offset))
                let more = ranked.count > upTo && upTo < Self.searchResultLimit
                return Page(items: items, next: more ? PageCursor(String(upTo)) : nil)
            }, completion: completion)
        }
    }

    public func repositories(owner login: String) -> SectionLoader<GitHubRepository> {
        let local = localState
        return pagedByOffset { store, offset, limit in
            if offset == 0, try store.user(login: login) == nil { throw ScreenError.notFound("no user named '\(login)'") }
            return try Self.starsApplied(try store.repositories(owner: login, offset: offset, limit: limit), local)
        }
    }

    public func accounts(_ relation: AccountRelation, of login: String) -> SectionLoader<GitHubUser> {
        pagedByOffset { store, offset, limit in
            guard let accounts = try store.accounts(relation, of: login, offset: offset, limit: limit) else {
                throw ScreenError.notFound("no user named '\(login)'")
            }
            return accounts
        }
    }

    /// Pages read with an offset as the cursor; one item more than a page tells whether another follows.
    func pagedByOffset<T: Sendable>(_ fetch: @escaping @Sendable (SnapshotStore, _ offset: Int, _ limit: Int) throws -> [T]) -> SectionLoader<T> {
        .pages(pageSize: Self.pageSize) { [self] cursor, completion in
            let offset = cursor.flatMap { Int($0.value) } ?? 0
            return read({ store in
                let items = try fetch(store, offset, Self.pageSize + 1)
                let next = items.count > Self.pageSize ? PageCursor(String(offset + Self.pageSize)) : nil
                return Page(items: Array(items.prefix(Self.pageSize)), next: next)
            }, completion: completion)
        }
    }

    public func repository(owner login: String, name: String, completion: @escaping (Result<GitHubRepository, any Error>) -> Void) -> Cancellable? {
        let local = localState
        return read({ store in
            guard let repository = try store.repository(owner: login, name: name) else {
                throw ScreenError.notFound("no repository named '\(login)/\(name)'")
            }
            // The repository's own changes hold its stars and its items' closes, reopens and merges.
            let changes = try Self.localChanges(local, owner: login, name: name)
            var shown = repository
            changes.apply(to: &shown)
            // The counts are the lists' own, as GitHub's are: `open_issues_count` counts open pull
            // requests too; the issue list holds the issues alone.
            if let open = try store.openCounts(owner: login, name: name) {
                let delta = try Self.openedLocally(changes, owner: login, name: name, store)
                shown.openIssuesListed = open.issues + delta.issues
                shown.openIssuesCount = open.issues + open.pulls + delta.issues + delta.pulls
            }
            return shown
        }, completion: completion)
    }

    public func close() {
        queue.close()
    }

    /// Reads the first page of the popular list in the background, so SQLite's first
    /// statements are prepared and its pages cached before a screen needs them.
    public func warmUp() {
        _ = read({ store in try store.popularWindow(0..<1).total }, completion: { _ in })
    }
}

extension SnapshotSource {
    /// SQLite's own words for a failure, without the SQL statement GRDB's description carries.
    static func reason(_ error: any Error) -> String {
        if let database = error as? DatabaseError { return database.message ?? "SQLite error \(database.resultCode.rawValue)" }
        // A folder that could not be made for the local state: the system's sentence, not the
        // error's dump.
        if let file = error as? CocoaError { return file.localizedDescription }
        return "\(error)"
    }
}
