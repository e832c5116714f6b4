import GitHubModels
import GRDB

/// Who starred what: each user stars a few repositories, most often popular ones (drawn with a
/// bias toward the top of the most-starred list), at moments after the account was created and
/// the repository too. The most followed users star more. Each user draws from a random stream
/// of its own. Like the follow graph, a sample: a repository's `stargazers_count` is GitHub's.
enum StarGraph {
    static func write(in db: Database, seed: UInt64) throws {
        let repositories = try Row.fetchAll(
            db, sql: "SELECT id, created_at FROM repositories ORDER BY stargazers_count DESC, id"
        ).map { (id: $0["id"] as Int, created: ISO8601Timestamp.epochSeconds(parsing: $0["created_at"]) ?? SnapshotTimeline.launch) }
        guard !repositories.isEmpty else { return }
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO stars (user_id, starred_at, repository_id) VALUES (?, ?, ?)")
        let users = try Row.fetchCursor(db, sql: "SELECT rank, id, created_at FROM users ORDER BY rank")
        while let user = try users.next() {
            let id: Int = user["id"]
            let rank: Int = user["rank"]
            var random = SplitMix64(seed: seed ^ (UInt64(id) &* 0xD1B5_4A32_D192_ED03))
            let count = rank < 1_000 ? random.inRange(4...12) : random.below(4)
            let joined = ISO8601Timestamp.epochSeconds(parsing: user["created_at"]) ?? SnapshotTimeline.launch
            var starred: Set<Int> = []
            for _ in 0..<count {
                let u = random.unit()
                let repository = repositories[Int(Double(repositories.count) * u * u * u)]
                guard starred.insert(repository.id).inserted else { continue }
                let moment = SnapshotTimeline.between(max(joined, repository.created), SnapshotTimeline.now, &random)
                try insert.execute(arguments: [id, SnapshotTimeline.string(moment), repository.id])
            }
        }
    }
}
