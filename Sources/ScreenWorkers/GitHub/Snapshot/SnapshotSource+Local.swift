import GitHubModels
import ListController

/// The local state read over the snapshot: each read applies the changes of its repository
/// (`LocalChanges`), and an issue list whose items moved (closed, reopened, merged locally) is
/// read in pages with those items where they now belong.
extension SnapshotSource {
    static func localChanges(_ local: LocalState?, owner: String, name: String) throws -> LocalChanges {
        guard let local else { return .none }
        return LocalChanges(changes: try local.changes(owner: owner, name: name))
    }

    /// Repositories with `starred` and their stars as the local state has them.
    static func starsApplied(_ repositories: [GitHubRepository], _ local: LocalState?) throws -> [GitHubRepository] {
        let changes = local == nil ? LocalChanges.none : LocalChanges(changes: try local?.starChanges() ?? [])
        return repositories.map { repository in
            var repository = repository
            changes.apply(to: &repository)
            return repository
        }
    }

    /// How many more issues and pull requests are open than the snapshot says, by the local
    /// state's closes, reopens and merges.
    static func openedLocally(_ changes: LocalChanges, owner: String, name: String, _ store: SnapshotStore) throws -> (issues: Int, pulls: Int) {
        try changes.movedNumbers.reduce((issues: 0, pulls: 0)) { delta, number in
            guard let stored = try store.issue(owner: owner, name: name, number: number) else { return delta }
            let now = stored.applying(changes)
            let change = (now.conversation.isOpen ? 1 : 0) - (stored.conversation.isOpen ? 1 : 0)
            return stored.isPullRequest ? (delta.issues, delta.pulls + change) : (delta.issues + change, delta.pulls)
        }
    }

    /// An issue list read in pages of the snapshot's list without the moved items, each page with
    /// the moved items that belong between its first and last number (the lists are newest first).
    /// The cursor is "<next page's start>:<the smallest number listed so far>".
    func mergedIssueList<Item: IssueTableRecord & LocallyChanged>(
        _ list: SnapshotStore.IssueList, _ text: String, moved: Set<Int>, missing: ScreenError
    ) -> SectionLoader<Item> {
        let local = localState
        return .pages(pageSize: Self.pageSize) { [self] cursor, completion in
            let parts = cursor?.value.split(separator: ":").compactMap { Int($0) } ?? []
            let (start, below) = parts.count == 2 ? (parts[0], parts[1]) : (text.isEmpty ? 0 : Int.max, Int.max)
            return read({ store in
                let changes = try Self.localChanges(local, owner: list.owner, name: list.name)
                let raw: [Item]
                let next: Int?
                if text.isEmpty {
                    guard let window = try store.issueWindow(list, start..<(start + Self.pageSize), as: Item.self) else { throw missing }
                    raw = window.items
                    next = start + Self.pageSize < window.total ? start + Self.pageSize : nil
                } else {
                    let before = start == Int.max ? nil : start
                    guard let found = try store.searchIssues(list, titleContaining: text, before: before, limit: Self.pageSize + 1, as: Item.self) else {
                        throw missing
                    }
                    raw = Array(found.prefix(Self.pageSize))
                    next = found.count > Self.pageSize ? raw.last?.conversation.id : nil
                }
                let floor = next == nil ? Int.min : (raw.last?.conversation.number ?? Int.min)
                let extras = try moved.filter { $0 < below && $0 >= floor }.compactMap { number in
                    try store.item(owner: list.owner, name: list.name, number: number, as: Item.self)?.applying(changes)
                }.filter { $0.belongs(in: list, titleContaining: text) }
                let kept = raw.filter { !moved.contains($0.conversation.number) }.map { $0.applying(changes) }
                let items = (kept + extras).sorted { $0.conversation.number > $1.conversation.number }
                return Page(items: items, next: next.map { PageCursor("\($0):\(floor)") })
            }, completion: completion)
        }
    }
}

/// An issue or a pull request as the local state changes it.
protocol LocallyChanged: GitHubItem {
    var isListedAsPull: Bool { get }
}

extension LocallyChanged {
    func applying(_ changes: LocalChanges) -> Self {
        var item = self
        changes.apply(to: &item)
        return item
    }

    /// Whether the item is one of `list`'s, now that its changes are applied.
    func belongs(in list: SnapshotStore.IssueList, titleContaining text: String) -> Bool {
        let state = list.state == .all || (list.state == .open) == conversation.isOpen
        return state && isListedAsPull == list.pullRequests && (text.isEmpty || conversation.title.lowercased().contains(text.lowercased()))
    }
}

extension GitHubIssue: LocallyChanged {
    var isListedAsPull: Bool { isPullRequest }
}

extension GitHubPullRequest: LocallyChanged {
    var isListedAsPull: Bool { true }
}
