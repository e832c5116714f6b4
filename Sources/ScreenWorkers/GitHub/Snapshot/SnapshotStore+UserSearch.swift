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
                let substring =
                    hasUserSearchIndex && needle.unicodeScalars.count >= 3
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
enum UserSearchQueries {
    static func mostFollowed(limit: Int) -> SnapshotQuery {
        SnapshotQuery(sql: "SELECT * FROM users ORDER BY followers DESC, login LIMIT ?", arguments: [limit])
    }

    static func exactLogin(_ needle: String) -> SnapshotQuery {
        SnapshotQuery(sql: "SELECT * FROM users WHERE login = ?", arguments: [needle])
    }

    static func loginPrefix(_ needle: String, limit: Int) -> SnapshotQuery {
        // A range on the NOCASE login index; LIKE 'x%' would need escaping that disables the index.
        SnapshotQuery(
            sql: """
                SELECT * FROM users WHERE login >= ? AND login < ? AND login <> ?
                ORDER BY followers DESC, login LIMIT ?
                """,
            arguments: [needle, prefixUpperBound(needle), needle, limit])
    }

    static func indexedSubstring(_ needle: String, limit: Int) -> SnapshotQuery {
        SnapshotQuery(
            sql: """
                SELECT users.* FROM \(SnapshotSchema.userSearchTable)
                JOIN users ON users.id = \(SnapshotSchema.userSearchTable).rowid
                WHERE \(SnapshotSchema.userSearchTable) MATCH ? AND NOT (users.login >= ? AND users.login < ?)
                ORDER BY users.followers DESC, users.login LIMIT ?
                """,
            arguments: [ftsPhrase(needle), needle, prefixUpperBound(needle), limit])
    }

    /// For queries shorter than a trigram, or snapshots without the trigram index.
    static func scannedSubstring(_ needle: String, limit: Int) -> SnapshotQuery {
        let pattern = "%" + likeEscaped(needle) + "%"
        return SnapshotQuery(
            sql: """
                SELECT * FROM users
                WHERE (login LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\') AND NOT (login >= ? AND login < ?)
                ORDER BY followers DESC, login LIMIT ?
                """,
            arguments: [pattern, pattern, needle, prefixUpperBound(needle), limit])
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

    private static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
