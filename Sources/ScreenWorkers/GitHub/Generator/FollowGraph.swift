import GRDB

/// Who follows whom: for each user, up to `maxFollowersPerUser` followers picked from the
/// whole population by a fixed arithmetic walk over the popularity ranks, so the graph is the
/// same for the same users without any randomness. A user's stored follower edges are a sample
/// of its `followers` count (GitHub's counts run to hundreds of thousands).
enum FollowGraph {
    static let maxFollowersPerUser = 12

    static func write(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE follows (
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    follower_id INTEGER NOT NULL REFERENCES users(id),
                    PRIMARY KEY (user_id, follower_id)
                ) WITHOUT ROWID
                """)
        let ranked = try Row.fetchAll(
            db, sql: "SELECT id, followers FROM users ORDER BY rank")
        let population = ranked.count
        guard population > 1 else { return }
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO follows (user_id, follower_id) VALUES (?, ?)")
        for (rank, user) in ranked.enumerated() {
            let userID: Int64 = user["id"]
            let wanted = min(user["followers"] as Int, maxFollowersPerUser, population - 1)
            for step in 0..<wanted {
                let followerRank = (rank &* 7_919 &+ (step + 1) &* 104_729) % population
                guard followerRank != rank else { continue }
                let followerID: Int64 = ranked[followerRank]["id"]
                try insert.execute(arguments: [userID, followerID])
            }
        }
    }
}
