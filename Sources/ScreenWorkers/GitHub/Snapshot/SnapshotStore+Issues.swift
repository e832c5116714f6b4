import GitHubModels
import GRDB
import ListController

/// The reads behind the issue and pull request lists: a window of a list without a title
/// filter is a range of one index at any depth (`SnapshotSchema`'s issue tables), and a title
/// search reads the repository's range of the trigram index, newest first, until the page is full.
extension SnapshotStore {
    /// Which items a list holds.
    public struct IssueList: Sendable, Hashable {
        public var owner: String
        public var name: String
        public var pullRequests: Bool
        public var state: GitHubStateFilter

        public init(owner: String, name: String, pullRequests: Bool, state: GitHubStateFilter) {
            (self.owner, self.name, self.pullRequests, self.state) = (owner, name, pullRequests, state)
        }
    }

    /// The repository's id and its items' id range and counts; nil when there is no such repository.
    struct IssueRange {
        var repositoryID: Int
        var ids: ClosedRange<Int>?
        var counts: [GitHubStateFilter: Int]
    }

    static func issueRange(_ db: Database, owner: String, name: String, pullRequests: Bool) throws -> IssueRange? {
        guard let row = try issueRangeRow(db, owner: owner, name: name) else { return nil }
        let first: Int? = row["first_id"]
        let last: Int? = row["last_id"]
        let open: Int = row[pullRequests ? "open_pulls" : "open_issues"] ?? 0
        let closed: Int = row[pullRequests ? "closed_pulls" : "closed_issues"] ?? 0
        return IssueRange(
            repositoryID: row["id"], ids: first.flatMap { first in last.map { first...$0 } },
            counts: [.open: open, .closed: closed, .all: open + closed])
    }

    /// The repository's id with its row of `issue_ranges` (null columns when it has no items).
    private static func issueRangeRow(_ db: Database, owner: String, name: String) throws -> Row? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT r.id, g.first_id, g.last_id, g.open_issues, g.closed_issues, g.open_pulls, g.closed_pulls
                FROM repositories r LEFT JOIN issue_ranges g ON g.repository_id = r.id
                WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT)) AND r.name = CAST(? AS TEXT)
                """, arguments: [Database.textArgument(owner), Database.textArgument(name)])
    }

    /// How many open issues and open pull requests the repository's lists hold; nil when there
    /// is no such repository. One read of the row both counts are in.
    public func openCounts(owner: String, name: String) throws -> (issues: Int, pulls: Int)? {
        try read { db in
            guard let row = try Self.issueRangeRow(db, owner: owner, name: name) else { return nil }
            let issues: Int = row["open_issues"] ?? 0
            let pulls: Int = row["open_pulls"] ?? 0
            return (issues, pulls)
        }
    }

    /// Items ranked `range` (newest first) of the list, and the list's length; nil when there is no such repository.
    func issueWindow<Item: IssueTableRecord>(_ list: IssueList, _ range: Range<Int>, as _: Item.Type) throws -> (items: [Item], total: Int)? {
        try read { db in
            guard let found = try Self.issueRange(db, owner: list.owner, name: list.name, pullRequests: list.pullRequests) else { return nil }
            let (rank, state) = list.state == .all ? ("kind_rank", "") : ("state_rank", "AND i.state = '\(list.state.rawValue)'")
            let items = try db.records(
                Item.select + """
                     WHERE i.repository_id = ? AND i.is_pull = ? \(state) AND i.\(rank) >= ? AND i.\(rank) < ? ORDER BY i.\(rank)
                    """, [found.repositoryID, list.pullRequests, range.lowerBound, range.upperBound], as: Item.self)
            return (items, found.counts[list.state] ?? 0)
        }
    }

    /// Up to `limit` items of the list whose title contains `text` (ignoring case), newest first,
    /// older than the item `before` when given; nil when there is no such repository.
    func searchIssues<Item: IssueTableRecord>(_ list: IssueList, titleContaining text: String, before: Int?, limit: Int, as _: Item.Type) throws -> [Item]? {
        try read { db in
            guard let found = try Self.issueRange(db, owner: list.owner, name: list.name, pullRequests: list.pullRequests) else { return nil }
            guard let ids = found.ids else { return [] }
            let upper = min(ids.upperBound, (before ?? Int.max) - 1)
            let state = list.state == .all ? "" : "AND i.state = '\(list.state.rawValue)'"
            let needle = text.unicodeScalars.count
            if hasIssueSearchIndex && needle >= 3 && !text.unicodeScalars.contains("\0") {
                // The trigram index's rowid is the issue's id: its range is the repository's items.
                return try db.records(
                    Item.select + """
                         JOIN \(SnapshotSchema.issueSearchTable) f ON f.rowid = i.id
                         WHERE f.\(SnapshotSchema.issueSearchTable) MATCH ? AND f.rowid >= ? AND f.rowid <= ?
                         AND i.is_pull = ? \(state) ORDER BY f.rowid DESC LIMIT ?
                        """, [UserSearchQueries.ftsPhrase(text), ids.lowerBound, upper, list.pullRequests, limit], as: Item.self)
            }
            return try db.records(
                Item.select + """
                     WHERE i.id >= ? AND i.id <= ? AND i.is_pull = ? \(state)
                     AND instr(lower(i.title), lower(CAST(? AS TEXT))) > 0 ORDER BY i.id DESC LIMIT ?
                    """, [ids.lowerBound, upper, list.pullRequests, Database.textArgument(text), limit], as: Item.self)
        }
    }

    /// The issue or pull request `number` of `owner/name`, as an issue.
    public func issue(owner: String, name: String, number: Int) throws -> GitHubIssue? {
        try item(owner: owner, name: name, number: number, as: GitHubIssue.self)
    }

    /// The pull request `number` of `owner/name` (nil for an issue of that number).
    public func pullRequest(owner: String, name: String, number: Int) throws -> GitHubPullRequest? {
        try item(owner: owner, name: name, number: number, as: GitHubPullRequest.self)
    }

    func item<Item: IssueTableRecord>(owner: String, name: String, number: Int, as _: Item.Type) throws -> Item? {
        try read { db in
            try db.record(
                Item.select + """
                     WHERE i.repository_id = (SELECT id FROM repositories WHERE owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT))
                        AND name = CAST(? AS TEXT)) AND i.number = ?
                    """, [Database.textArgument(owner), Database.textArgument(name), number], as: Item.self)
        }
    }

    /// How many comments the snapshot has on issue or pull request `number` (0 when there is none).
    public func commentCount(owner: String, name: String, number: Int) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM comments WHERE issue_id = (SELECT i.id FROM issues i WHERE i.repository_id = (SELECT id FROM repositories
                    WHERE owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT)) AND name = CAST(? AS TEXT)) AND i.number = ?)
                """, arguments: [Database.textArgument(owner), Database.textArgument(name), number]) ?? 0
        }
    }

    /// A page of the conversation of issue or pull request `number`, oldest first; nil when there is none.
    /// One read: the item's id and URL (not the whole issue with its body), then the page.
    public func comments(owner: String, name: String, number: Int, offset: Int, limit: Int) throws -> [GitHubComment]? {
        try read { db in
            guard let item = try Row.fetchOne(db, sql: """
                SELECT i.id, i.is_pull, o.login AS owner_login, r.name AS repository_name
                FROM issues i JOIN repositories r ON r.id = i.repository_id JOIN users o ON o.id = r.owner_id
                WHERE i.repository_id = (SELECT id FROM repositories WHERE owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT))
                    AND name = CAST(? AS TEXT)) AND i.number = ?
                """, arguments: [Database.textArgument(owner), Database.textArgument(name), number])
            else { return nil }
            let isPull: Bool = item["is_pull"]
            let htmlURL = "\(GitHubURLs.repository(owner: item["owner_login"], name: item["repository_name"]))/\(isPull ? "pull" : "issues")/\(number)"
            let issueID: Int = item["id"]
            return try db.records(
                """
                SELECT c.id, c.author_id, c.created_at, a.login AS author_login, a.type AS author_type,
                    a.site_admin AS author_site_admin, t.markdown AS body, CAST(? AS TEXT) AS issue_url
                FROM comments c JOIN users a ON a.id = c.author_id JOIN texts t ON t.id = c.body_id
                WHERE c.issue_id = ? ORDER BY c.id LIMIT ? OFFSET ?
                """, [Database.textArgument(htmlURL), issueID, limit, offset], as: GitHubComment.self)
        }
    }
}
