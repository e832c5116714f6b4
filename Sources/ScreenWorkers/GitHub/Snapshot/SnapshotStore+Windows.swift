import GitHubModels
import GRDB
import ListController

/// The reads behind paged and windowed lists. The popular list's window costs the same wherever
/// it starts (a range of `users`' key, the rank); the other pages use LIMIT/OFFSET on small lists.
extension SnapshotStore {
    /// Users ranked `range` in the most-followed order, and how many users there are.
    public func popularWindow(_ range: Range<Int>) throws -> (users: [GitHubUser], total: Int) {
        (try read { db in try Self.popularUsers(db, range) }, rankedUserCount)
    }

    private static func popularUsers(_ db: Database, _ range: Range<Int>) throws -> [GitHubUser] {
        let window = popularWindowQuery(range)
        return try db.records(window.sql, window.arguments, as: GitHubUser.self)
    }

    /// A range of `users`' key, the rank: the window's rows are neighbours in the table.
    static func popularWindowQuery(_ range: Range<Int>) -> SnapshotQuery {
        SnapshotQuery(
            sql: "SELECT * FROM users WHERE rank >= ? AND rank < ? ORDER BY rank",
            arguments: [range.lowerBound, range.upperBound])
    }

    /// A page of the account's repositories, most starred first (the owner/stars index serves it).
    public func repositories(owner login: String, offset: Int, limit: Int) throws -> [GitHubRepository] {
        try read { db in
            try db.records(
                SnapshotRecords.repositorySelect + """
                     WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT))
                     ORDER BY r.stargazers_count DESC, r.name LIMIT ? OFFSET ?
                    """, [Database.textArgument(login), limit, offset], as: GitHubRepository.self)
        }
    }

    /// The query behind each `AccountRelation` the snapshot has: the accounts related to the
    /// user whose id is the first argument, most followed first, with LIMIT and OFFSET to follow.
    /// A new list of related accounts is one entry here.
    static let relationQueries: [String: String] = [
        "followers": """
            SELECT u.* FROM follows f JOIN users u ON u.id = f.follower_id
            WHERE f.user_id = ? ORDER BY u.rank LIMIT ? OFFSET ?
            """,
        "following": """
            SELECT u.* FROM follows f JOIN users u ON u.id = f.user_id
            WHERE f.follower_id = ? ORDER BY u.rank LIMIT ? OFFSET ?
            """,
    ]

    /// A page of the accounts `relation` relates to `login`, most followed first; nil when there
    /// is no such account.
    /// - Throws: `ScreenError.dataUnavailable` for a relation the snapshot does not hold.
    public func accounts(_ relation: AccountRelation, of login: String, offset: Int, limit: Int) throws -> [GitHubUser]? {
        guard let sql = Self.relationQueries[relation.name] else {
            throw ScreenError.dataUnavailable("the snapshot has no list of '\(relation.name)' accounts")
        }
        return try read { db in
            guard let userID = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE login = CAST(? AS TEXT)", arguments: [Database.textArgument(login)]) else {
                return nil
            }
            return try db.records(sql, [userID, limit, offset], as: GitHubUser.self)
        }
    }
}
