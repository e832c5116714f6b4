import GRDB

/// For every one- and two-character string found in some user's login or name (lowercased as
/// SQLite's `lower()` does, ASCII letters only), the ranks of the most-followed users containing
/// it, up to `perNeedle`: the trigram index cannot serve queries that short, and a scan for a rare
/// pair of letters reads the whole users table. Call once `users` is ranked.
enum ShortQueryCandidates {
    /// Enough for the deepest page of search results (`SnapshotSource.searchResultLimit`) and the
    /// logins starting with the query, which the substring group leaves out.
    static let perNeedle = 2_000
    private static let batch = 10_000

    static func write(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE \(SnapshotSchema.shortQueryTable) (
                    needle TEXT NOT NULL,
                    rank INTEGER NOT NULL REFERENCES users(rank),
                    PRIMARY KEY (needle, rank)
                ) WITHOUT ROWID
                """)
        let insert = try db.makeStatement(sql: "INSERT INTO \(SnapshotSchema.shortQueryTable) (needle, rank) VALUES (?, ?)")
        var counts: [[Unicode.Scalar]: Int] = [:]
        var from = 0
        while true {
            // In batches of ranks, so no cursor is open on the database while this writes to it.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT rank, lower(login) AS login, lower(name) AS name FROM users
                    WHERE rank >= ? AND rank < ? ORDER BY rank
                    """, arguments: [from, from + batch])
            if rows.isEmpty { return }
            for row in rows {
                let rank: Int = row["rank"]
                var needles = Set<[Unicode.Scalar]>()
                for text in [row["login"] as String?, row["name"] as String?].compactMap({ $0 }) {
                    needles.formUnion(shortSubstrings(of: text))
                }
                for needle in needles {
                    let count = counts[needle, default: 0]
                    guard count < perNeedle else { continue }
                    counts[needle] = count + 1
                    try insert.execute(arguments: [String(String.UnicodeScalarView(needle)), rank])
                }
            }
            from += batch
        }
    }

    /// Every substring of one or two Unicode scalars (SQLite's `instr` counts characters so; kept
    /// as scalars, since Swift's `String` equality would merge canonically equivalent ones).
    static func shortSubstrings(of text: String) -> Set<[Unicode.Scalar]> {
        let scalars = Array(text.unicodeScalars)
        var found = Set<[Unicode.Scalar]>()
        for index in scalars.indices {
            found.insert([scalars[index]])
            if index + 1 < scalars.count { found.insert([scalars[index], scalars[index + 1]]) }
        }
        return found
    }
}
