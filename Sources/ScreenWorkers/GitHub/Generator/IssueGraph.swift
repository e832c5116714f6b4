import GitHubModels
import GRDB

/// Writes every repository's issues, pull requests, comments and README, repository by
/// repository in id order, each repository's items with consecutive, increasing ids
/// (`SnapshotSchema` says why). Each repository draws from a random stream of its own, so its
/// items do not depend on any other repository's.
///
/// A snapshot holds a sample of each repository's history, as it holds a sample of each user's
/// followers: up to `wellKnownCap` open and as many closed items for the hand-written
/// repositories, up to `generatedCap` for the generated ones, the open ones as many as GitHub's
/// `open_issues_count` up to that cap. The large repository, when asked for, holds
/// `largeRepositoryIssues` items, about 8% of them open.
struct IssueGraph {
    static let wellKnownCap = 20
    static let generatedCap = 2
    private static let wellKnown = Set(WellKnownAccounts.all.flatMap { $0.repositories.map(\.id) })

    let seed: UInt64
    let texts: TextPool
    let largeRepositoryIssues: Int?

    func write(in db: Database) throws {
        let people = try Int.fetchAll(db, sql: "SELECT id FROM users WHERE type = 'User' ORDER BY rank")
        guard !people.isEmpty else { return }
        let factory = IssueFactory(texts: texts, people: people)
        let writer = try IssueWriter(db)
        var issueIDs = IDSequence(after: 1_000_000, meanGap: 40, taken: [])
        var commentIDs = IDSequence(after: 1_000_000, meanGap: 40, taken: [])
        let repositories = try Row.fetchCursor(
            db,
            sql: """
                SELECT r.id, r.owner_id, u.login, u.type, r.name, r.open_issues_count, r.created_at, r.default_branch,
                    coalesce(r.language, 'the code') AS language
                FROM repositories r JOIN users u ON u.id = r.owner_id ORDER BY r.id
                """)
        while let row = try repositories.next() {
            let id: Int = row["id"]
            let fullName = "\(row["login"] as String)/\(row["name"] as String)"
            var random = SplitMix64(seed: seed ^ (UInt64(id) &* 0x9E37_79B9_7F4A_7C15))
            let cap = Self.wellKnown.contains(id) ? Self.wellKnownCap : Self.generatedCap
            let open = min(row["open_issues_count"] as Int, cap)
            // Most generated repositories have no closed issues in the sample, many none at all.
            var counts = (open: open, closed: min(cap, open > 0 || random.chance(0.2) ? random.below(2 * open + 2) : 0))
            if let large = largeRepositoryIssues, fullName == WellKnownAccounts.largeRepository {
                counts = (large * 8 / 100, large - large * 8 / 100)
            }
            let repository = IssueFactory.Repository(
                id: id, ownerID: row["owner_id"], ownerIsUser: row["type"] == "User", openCount: counts.open,
                closedCount: counts.closed, created: ISO8601Timestamp.epochSeconds(parsing: row["created_at"]) ?? SnapshotTimeline.launch,
                defaultBranch: row["default_branch"], language: row["language"])
            let items = factory.items(for: repository, issueIDs: &issueIDs, commentIDs: &commentIDs, &random)
            try writer.insert(items, of: id)
            if let own = texts.ownReadmes[fullName] {
                try writer.insertReadme(repository: id, name: "README.md", textID: own)
            } else if random.chance(0.92) {
                try writer.insertReadme(
                    repository: id, name: "README.md",
                    textID: random.inRange(texts.readmeTemplates.lowerBound...(texts.readmeTemplates.upperBound - 1)))
            }
        }
    }
}

/// Prepared inserts for `IssueGraph`.
private struct IssueWriter {
    let insertIssue, insertPull, insertComment, insertRange, insertReadme: Statement

    init(_ db: Database) throws {
        insertIssue = try db.makeStatement(
            sql: """
                INSERT INTO issues (id, repository_id, number, is_pull, state, state_reason, kind_rank, state_rank, title,
                    author_id, assignee_id, labels, comments, body_id, created_at, updated_at, closed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertPull = try db.makeStatement(
            sql: """
                INSERT INTO pull_requests (id, base_ref, head_ref, from_fork, draft, merged_at, mergeable, additions, deletions,
                    changed_files, commits)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertComment = try db.makeStatement(
            sql: "INSERT INTO comments (issue_id, id, author_id, body_id, created_at) VALUES (?, ?, ?, ?, ?)")
        insertRange = try db.makeStatement(
            sql: """
                INSERT INTO issue_ranges (repository_id, first_id, last_id, open_issues, closed_issues, open_pulls, closed_pulls)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        insertReadme = try db.makeStatement(sql: "INSERT INTO readmes (repository_id, name, text_id) VALUES (?, ?, ?)")
    }

    func insert(_ items: [IssueFactory.Item], of repository: Int) throws {
        guard let first = items.first, let last = items.last else { return }
        var counts = [0, 0, 0, 0]
        for item in items {
            counts[(item.isPull ? 2 : 0) + (item.isOpen ? 0 : 1)] += 1
            try insertIssue.execute(arguments: [
                item.id, repository, item.number, item.isPull, item.isOpen ? "open" : "closed", item.stateReason,
                item.kindRank, item.stateRank, item.title, item.authorID, item.assigneeID, item.labels, item.comments.count,
                item.bodyID, SnapshotTimeline.string(item.created), SnapshotTimeline.string(item.updated),
                item.closed.map(SnapshotTimeline.string),
            ])
            if let pull = item.pull {
                try insertPull.execute(arguments: [
                    item.id, pull.baseRef, pull.headRef, pull.fromFork, pull.draft, pull.merged.map(SnapshotTimeline.string),
                    pull.mergeable, pull.additions, pull.deletions, pull.changedFiles, pull.commits,
                ])
            }
            for comment in item.comments {
                try insertComment.execute(arguments: [
                    item.id, comment.id, comment.authorID, comment.bodyID, SnapshotTimeline.string(comment.created),
                ])
            }
        }
        try insertRange.execute(arguments: [repository, first.id, last.id, counts[0], counts[1], counts[2], counts[3]])
    }

    func insertReadme(repository: Int, name: String, textID: Int) throws {
        try insertReadme.execute(arguments: [repository, name, textID])
    }
}
