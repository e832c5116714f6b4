import GitHubModels
import Foundation
import GRDB

extension SnapshotStore {
    /// Users whose login or name contains `query`, case-insensitively, best first: the exact login,
    /// then logins starting with the query, then other substring matches of login or name; within
    /// each group, most followers first, then by login. An empty query gives the most-followed users.
    public func searchUsers(matching query: String, limit: Int) throws -> [GitHubUser] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit > 0 else { return [] }
        return try read { db in
            if needle.isEmpty {
                return try Self.fetchUsers(db, UserSearchQueries.mostFollowed(limit: limit))
            }
            var found = try Self.fetchUsers(db, UserSearchQueries.exactLogin(needle))
            found += try Self.fetchUsers(db, UserSearchQueries.loginPrefix(needle, limit: limit - found.count))
            if found.count < limit {
                // FTS5's query syntax ends a string at a NUL, so a needle with one is scanned for.
                let substring =
                    hasUserSearchIndex && needle.unicodeScalars.count >= 3 && !needle.unicodeScalars.contains("\0")
                    ? UserSearchQueries.indexedSubstring(needle, limit: limit - found.count)
                    : UserSearchQueries.scannedSubstring(needle, limit: limit - found.count)
                found += try Self.fetchUsers(db, substring)
            }
            return found
        }
    }

    /// SQLite's plan for a query, one line per step (for tests that check index use).
    func queryPlan(_ query: SnapshotQuery) throws -> [String] {
        try read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments)
                .map { $0["detail"] }
        }
    }

    private static func fetchUsers(_ db: Database, _ query: SnapshotQuery) throws -> [GitHubUser] {
        try db.records(query.sql, query.arguments, as: GitHubUser.init(snapshotRow:))
    }
}

struct SnapshotQuery {
    var sql: String
    var arguments: StatementArguments
}

/// The queries behind `searchUsers`, one per ranking group. Each group leaves out the earlier ones.
/// The needle is bound with `textArgument` as `CAST(? AS TEXT)`, so a NUL in it is a character
/// like any other (see `Database.textArgument`).
enum UserSearchQueries {
    static func mostFollowed(limit: Int) -> SnapshotQuery {
        SnapshotQuery(sql: "SELECT * FROM users ORDER BY followers DESC, login LIMIT ?", arguments: [limit])
    }

    static func exactLogin(_ needle: String) -> SnapshotQuery {
        SnapshotQuery(sql: "SELECT * FROM users WHERE login = CAST(? AS TEXT)", arguments: [textArgument(needle)])
    }

    static func loginPrefix(_ needle: String, limit: Int) -> SnapshotQuery {
        // A range on the NOCASE login index; LIKE 'x%' would need escaping that disables the index.
        SnapshotQuery(
            sql: """
                SELECT * FROM users WHERE login >= CAST(? AS TEXT) AND login < CAST(? AS TEXT) AND login <> CAST(? AS TEXT)
                ORDER BY followers DESC, login LIMIT ?
                """,
            arguments: [textArgument(needle), textArgument(prefixUpperBound(needle)), textArgument(needle), limit])
    }

    static func indexedSubstring(_ needle: String, limit: Int) -> SnapshotQuery {
        SnapshotQuery(
            sql: """
                SELECT users.* FROM \(SnapshotSchema.userSearchTable)
                JOIN users ON users.id = \(SnapshotSchema.userSearchTable).rowid
                WHERE \(SnapshotSchema.userSearchTable) MATCH ?
                AND NOT (users.login >= CAST(? AS TEXT) AND users.login < CAST(? AS TEXT))
                ORDER BY users.followers DESC, users.login LIMIT ?
                """,
            arguments: [ftsPhrase(needle), textArgument(needle), textArgument(prefixUpperBound(needle)), limit])
    }

    /// For queries shorter than a trigram, snapshots without the trigram index, and needles FTS5
    /// cannot express. `instr(lower(…))` is LIKE's ASCII case folding without its wildcards, and
    /// unlike LIKE it does not stop at a NUL in the pattern.
    static func scannedSubstring(_ needle: String, limit: Int) -> SnapshotQuery {
        let contains = "instr(lower(%@), lower(CAST(? AS TEXT))) > 0"
        return SnapshotQuery(
            sql: """
                SELECT * FROM users
                WHERE (\(contains.replacingOccurrences(of: "%@", with: "login")) OR \(contains.replacingOccurrences(of: "%@", with: "name")))
                AND NOT (login >= CAST(? AS TEXT) AND login < CAST(? AS TEXT))
                ORDER BY followers DESC, login LIMIT ?
                """,
            arguments: [textArgument(needle), textArgument(needle), textArgument(needle), textArgument(prefixUpperBound(needle)), limit])
    }

    /// Every string starting with `prefix` sorts below this one: U+10FFFF encodes as F4 8F BF BF,
    /// above any byte that can follow in UTF-8 text.
    private static func prefixUpperBound(_ prefix: String) -> String {
        prefix + "\u{10FFFF}"
    }

    /// An FTS5 string literal: the query is searched for as a substring, never parsed as syntax.
    private static func ftsPhrase(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func textArgument(_ text: String) -> DatabaseValue { Database.textArgument(text) }
}
