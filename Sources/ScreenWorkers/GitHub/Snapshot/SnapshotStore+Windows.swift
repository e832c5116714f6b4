import GRDB

/// The reads behind paged and windowed lists. The popular list's window costs the same wherever
/// it starts (a range on the rank's key); the other pages use LIMIT/OFFSET on small lists.
extension SnapshotStore {
    /// Users ranked `range` in the most-followed order, and how many users there are.
    public func popularWindow(_ range: Range<Int>) throws -> (users: [GitHubUser], total: Int) {
        (try read { db in try Self.popularUsers(db, range) }, rankedUserCount)
    }

    private static func popularUsers(_ db: Database, _ range: Range<Int>) throws -> [GitHubUser] {
            try db.records(
                """
                SELECT u.* FROM users_by_popularity p JOIN users u ON u.id = p.user_id
                WHERE p.rank >= ? AND p.rank < ? ORDER BY p.rank
                """, [range.lowerBound, range.upperBound], as: GitHubUser.init(snapshotRow:))
    }

    /// A page of the account's repositories, most starred first (the owner/stars index serves it).
    public func repositories(owner login: String, offset: Int, limit: Int) throws -> [GitHubRepository] {
        try read { db in
            try db.records(
                SnapshotRecords.repositorySelect + """
                     WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT))
                     ORDER BY r.stargazers_count DESC, r.name LIMIT ? OFFSET ?
                    """, [Database.textArgument(login), limit, offset], as: GitHubRepository.init(snapshotRow:))
        }
    }

    /// A page of the account's followers, most followed first; nil when there is no such account.
    public func followers(of login: String, offset: Int, limit: Int) throws -> [GitHubUser]? {
        try read { db in
            guard let userID = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE login = CAST(? AS TEXT)", arguments: [Database.textArgument(login)]) else {
                return nil
            }
            return try db.records(
                """
                SELECT u.* FROM follows f
                JOIN users_by_popularity p ON p.user_id = f.follower_id JOIN users u ON u.id = f.follower_id
                WHERE f.user_id = ? ORDER BY p.rank LIMIT ? OFFSET ?
                """, [userID, limit, offset], as: GitHubUser.init(snapshotRow:))
        }
    }
}
