import GitHubModels
import ListController
import UVKit

/// The issue, pull request, README, repository search and stars reads of the snapshot. A list
/// without a title filter is random-access (any window at any depth); a title search and the
/// other lists are pages.
extension SnapshotSource {
    public func issues(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue> {
        issueList(SnapshotStore.IssueList(owner: login, name: name, pullRequests: false, state: filter.state), filter.titleContains)
    }

    public func pullRequests(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest> {
        issueList(SnapshotStore.IssueList(owner: login, name: name, pullRequests: true, state: filter.state), filter.titleContains)
    }

    private func issueList<Item: IssueTableRecord & LocallyChanged>(_ list: SnapshotStore.IssueList, _ text: String) -> SectionLoader<Item> {
        let missing = ScreenError.notFound("no repository named '\(list.owner)/\(list.name)'")
        let local = localState
        // Items whose state changed locally may have moved between lists: then the list is read
        // in pages, with those items merged in where they now belong (`SnapshotSource+Local`).
        let moved = (try? Self.localChanges(local, owner: list.owner, name: list.name).movedNumbers) ?? []
        guard moved.isEmpty else { return mergedIssueList(list, text, moved: moved, missing: missing) }
        guard !text.isEmpty else {
            return .indexed { [self] range, completion in
                read({ store in
                    guard let window = try store.issueWindow(list, range, as: Item.self) else { throw missing }
                    let changes = try Self.localChanges(local, owner: list.owner, name: list.name)
                    return Window(items: window.items.map { $0.applying(changes) }, total: window.total)
                }, completion: completion)
            }
        }
        // Pages continue below the last item's id: the items are newest first, ids increasing with their numbers.
        return .pages(pageSize: Self.pageSize) { [self] cursor, completion in
            let before = cursor.flatMap { Int($0.value) }
            return read({ store in
                guard let found = try store.searchIssues(list, titleContaining: text, before: before, limit: Self.pageSize + 1, as: Item.self) else {
                    throw missing
                }
                let page = Array(found.prefix(Self.pageSize))
                let next = found.count > Self.pageSize ? page.last.map { PageCursor(String($0.conversation.id)) } : nil
                let changes = try Self.localChanges(local, owner: list.owner, name: list.name)
                return Page(items: page.map { $0.applying(changes) }, next: next)
            }, completion: completion)
        }
    }

    public func issue(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void) -> Cancellable? {
        let local = localState
        return read({ store in
            guard let issue = try store.issue(owner: login, name: name, number: number) else {
                throw ScreenError.notFound("no issue #\(number) in '\(login)/\(name)'")
            }
            return issue.applying(try Self.localChanges(local, owner: login, name: name))
        }, completion: completion)
    }

    public func pullRequest(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void) -> Cancellable? {
        let local = localState
        return read({ store in
            guard let pull = try store.pullRequest(owner: login, name: name, number: number) else {
                throw ScreenError.notFound("no pull request #\(number) in '\(login)/\(name)'")
            }
            return pull.applying(try Self.localChanges(local, owner: login, name: name))
        }, completion: completion)
    }

    /// The snapshot's comments, then those written locally.
    public func comments(owner login: String, name: String, number: Int) -> SectionLoader<GitHubComment> {
        let local = localState
        return pagedByOffset { store, offset, limit in
            guard let comments = try store.comments(owner: login, name: name, number: number, offset: offset, limit: limit) else {
                throw ScreenError.notFound("no issue or pull request #\(number) in '\(login)/\(name)'")
            }
            guard comments.count < limit else { return comments }
            let written = try Self.localChanges(local, owner: login, name: name).comments(on: number)
            guard !written.isEmpty else { return comments }
            // A short page ends the stored comments: they number its offset and its length,
            // unless the offset is past their end (an empty page), which only a count can tell.
            let stored = try comments.isEmpty ? store.commentCount(owner: login, name: name, number: number) : offset + comments.count
            let from = min(max(0, offset - stored), written.count)
            return comments + written[from...].prefix(limit - comments.count)
        }
    }

    public func readme(owner login: String, name: String, completion: @escaping (Result<GitHubReadme, any Error>) -> Void) -> Cancellable? {
        read({ store in
            switch try store.readme(owner: login, name: name) {
            case .found(let readme): return readme
            case .noReadme: throw ScreenError.notFound("'\(login)/\(name)' has no README")
            case .repositoryMissing: throw ScreenError.notFound("no repository named '\(login)/\(name)'")
            }
        }, completion: completion)
    }

    public func searchRepositories(_ query: String) -> SectionLoader<GitHubSearchItem<GitHubRepository>> {
        let local = localState
        return .pages(pageSize: Self.pageSize) { [self] cursor, completion in
            let offset = cursor.flatMap { Int($0.value) } ?? 0
            return read({ store in
                let upTo = min(offset + Self.pageSize, Self.searchResultLimit)
                let found = try store.searchRepositories(query, offset: offset, limit: upTo - offset + 1, counting: offset == 0)
                var items = found.total.map { [GitHubSearchItem<GitHubRepository>.total($0)] } ?? []
                items += try Self.starsApplied(Array(found.repositories.prefix(upTo - offset)), local).map { .result($0) }
                let more = found.repositories.count > upTo - offset && upTo < Self.searchResultLimit
                return Page(items: items, next: more ? PageCursor(String(upTo)) : nil)
            }, completion: completion)
        }
    }

    public func starredRepositories(of login: String) -> SectionLoader<GitHubRepository> {
        let local = localState
        return pagedByOffset { store, offset, limit in
            guard let repositories = try store.starredRepositories(of: login, offset: offset, limit: limit) else {
                throw ScreenError.notFound("no user named '\(login)'")
            }
            return try Self.starsApplied(repositories, local)
        }
    }
}
