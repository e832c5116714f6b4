import GitHubModels
import Foundation
import GRDB

extension SnapshotStore {
    /// Users whose login or name contains `query`, case-insensitively, best first: the exact login,
    /// then logins starting with the query, then other substring matches of login or name; within
    /// each group, most followers first, then by login. An empty query gives the most-followed users.
    public func searchUsers(matching query: String, limit: Int) throws -> [GitHubUser] {
        try searchUsers(matching: query, limit: limit, shortCandidatesRead: ShortQueryCandidates.perNeedle)
    }

    /// `shortCandidatesRead`: how many of a short needle's stored candidates to read; fewer than
    /// the snapshot holds stands for a snapshot that keeps fewer (for tests of the fallback).
    func searchUsers(matching query: String, limit: Int, shortCandidatesRead: Int) throws -> [GitHubUser] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit > 0 else { return [] }
        return try read { db in
            if needle.isEmpty {
                return try Self.fetchUsers(db, UserSearchQueries.mostFollowed(limit: limit))
            }
            var found = try Self.fetchUsers(db, UserSearchQueries.exactLogin(needle))
            var wanted = limit - found.count
            let manyPrefixed = try Self.hasAtLeast(db, UserSearchQueries.loginPrefixMatches(needle), UserSearchQueries.manyMatches(wanted))
            found += try Self.fetchUsers(db, UserSearchQueries.loginPrefix(needle, limit: wanted, inFollowersOrder: manyPrefixed))
            wanted = limit - found.count
            if wanted > 0 {
                // FTS5's query syntax ends a string at a NUL, so a needle with one is scanned for.
                let length = needle.unicodeScalars.count
                if hasUserSearchIndex && length >= 3 && !needle.unicodeScalars.contains("\0") {
                    let many = try Self.hasAtLeast(db, UserSearchQueries.indexedMatches(needle), UserSearchQueries.manyMatches(wanted))
                    found += try Self.fetchUsers(db, UserSearchQueries.indexedSubstring(needle, limit: wanted, inFollowersOrder: many))
                } else if length <= 2, let short = try Self.shortSubstringMatches(db, needle, wanted, candidatesRead: shortCandidatesRead) {
                    found += short
                } else {
                    found += try Self.fetchUsers(db, UserSearchQueries.scannedSubstring(needle, limit: wanted))
                }
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

    /// The users a query selects (for tests that compare two forms of a query).
    func users(_ query: SnapshotQuery) throws -> [GitHubUser] {
        try read { db in try Self.fetchUsers(db, query) }
    }

    private static func fetchUsers(_ db: Database, _ query: SnapshotQuery) throws -> [GitHubUser] {
        try db.records(query.sql, query.arguments, as: GitHubUser.self)
    }

    /// The substring group of a one- or two-character needle from its stored candidates (the
    /// most-followed users containing it, in rank order); nil when those are too few to be sure
    /// (the needle has more candidates than were stored and the logins starting with it took too
    /// many of them), and the caller scans.
    private static func shortSubstringMatches(_ db: Database, _ needle: String, _ wanted: Int, candidatesRead: Int) throws -> [GitHubUser]? {
        let candidates = UserSearchQueries.shortCandidateRanks(needle, limit: candidatesRead)
        let ranks = try Int.fetchAll(db, sql: candidates.sql, arguments: candidates.arguments)
        guard let last = ranks.last else { return [] }
        let found = try fetchUsers(db, UserSearchQueries.shortSubstring(needle, throughRank: last, limit: wanted))
        return found.count == wanted || ranks.count < candidatesRead ? found : nil
    }

    /// Whether `matches` (a query selecting one column) has at least `count` rows; reads no more than that.
    private static func hasAtLeast(_ db: Database, _ matches: SnapshotQuery, _ count: Int) throws -> Bool {
        let counted = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM (\(matches.sql) LIMIT ?)", arguments: matches.arguments + [count])
        return (counted ?? 0) >= count
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

    /// How many matches make a group "many": from there its first `wanted` rows are found sooner
    /// by walking the users in followers order (`users_by_followers`) and stopping at the limit
    /// than by reading every match and sorting. Among this many matches in a million users, the
    /// walk passes at most about 1/40 of the index; below it, sorting costs at most this many reads.
    static func manyMatches(_ wanted: Int) -> Int {
        let (many, overflow) = max(1, wanted).multipliedReportingOverflow(by: 40)
        return overflow ? Int.max : many
    }

    /// The logins starting with the needle (the exact one too), one column, for counting.
    static func loginPrefixMatches(_ needle: String) -> SnapshotQuery {
        SnapshotQuery(
            sql: "SELECT 1 FROM users WHERE login >= CAST(? AS TEXT) AND login < CAST(? AS TEXT)",
            arguments: [textArgument(needle), textArgument(prefixUpperBound(needle))])
    }

    /// A range on the NOCASE login index, sorted; or, `inFollowersOrder` (many matches), the
    /// followers index walked in order with the login range as a filter (login is in that index).
    static func loginPrefix(_ needle: String, limit: Int, inFollowersOrder: Bool = false) -> SnapshotQuery {
        // LIKE 'x%' would need escaping that disables the login index.
        SnapshotQuery(
            sql: """
                SELECT * FROM users \(inFollowersOrder ? "INDEXED BY users_by_followers" : "")
                WHERE login >= CAST(? AS TEXT) AND login < CAST(? AS TEXT) AND login <> CAST(? AS TEXT)
                ORDER BY followers DESC, login LIMIT ?
                """,
            arguments: [textArgument(needle), textArgument(prefixUpperBound(needle)), textArgument(needle), limit])
    }

    /// The trigram index's matches for the needle, one column, for counting.
    static func indexedMatches(_ needle: String) -> SnapshotQuery {
        SnapshotQuery(
            sql: "SELECT rowid FROM \(SnapshotSchema.userSearchTable) WHERE \(SnapshotSchema.userSearchTable) MATCH ?",
            arguments: [ftsPhrase(needle)])
    }

    /// The trigram index's matches joined to their users and sorted; or, `inFollowersOrder` (many
    /// matches), the matches' ranks (the index's rowids) collected into a set (far cheaper per
    /// match than reading its user) and the followers index walked in order until the limit.
    static func indexedSubstring(_ needle: String, limit: Int, inFollowersOrder: Bool = false) -> SnapshotQuery {
        let matches = indexedMatches(needle)
        let notPrefixed = "NOT (users.login >= CAST(? AS TEXT) AND users.login < CAST(? AS TEXT))"
        let sql =
            inFollowersOrder
            ? """
            SELECT users.* FROM users INDEXED BY users_by_followers
            WHERE users.rank IN (\(matches.sql)) AND \(notPrefixed)
            ORDER BY users.followers DESC, users.login LIMIT ?
            """
            : """
            SELECT users.* FROM \(SnapshotSchema.userSearchTable)
            JOIN users ON users.rank = \(SnapshotSchema.userSearchTable).rowid
            WHERE \(SnapshotSchema.userSearchTable) MATCH ? AND \(notPrefixed)
            ORDER BY users.followers DESC, users.login LIMIT ?
            """
        return SnapshotQuery(
            sql: sql, arguments: matches.arguments + [textArgument(needle), textArgument(prefixUpperBound(needle)), limit])
    }

    /// The ranks stored for a one- or two-character needle (`ShortQueryCandidates`), best first.
    static func shortCandidateRanks(_ needle: String, limit: Int) -> SnapshotQuery {
        SnapshotQuery(
            sql: "SELECT rank FROM \(SnapshotSchema.shortQueryTable) WHERE needle = lower(CAST(? AS TEXT)) ORDER BY rank LIMIT ?",
            arguments: [textArgument(needle), limit])
    }

    /// The stored candidates up to `throughRank` whose login does not start with the needle.
    static func shortSubstring(_ needle: String, throughRank last: Int, limit: Int) -> SnapshotQuery {
        SnapshotQuery(
            sql: """
                SELECT u.* FROM \(SnapshotSchema.shortQueryTable) s
                JOIN users u ON u.rank = s.rank
                WHERE s.needle = lower(CAST(? AS TEXT)) AND s.rank <= ?
                AND NOT (u.login >= CAST(? AS TEXT) AND u.login < CAST(? AS TEXT))
                ORDER BY s.rank LIMIT ?
                """,
            arguments: [textArgument(needle), last, textArgument(needle), textArgument(prefixUpperBound(needle)), limit])
    }

    /// For longer needles in snapshots without the trigram index, needles FTS5 cannot express,
    /// and short needles whose stored candidates are too few (`shortSubstringMatches`). `instr(lower(…))` is LIKE's ASCII case folding without its wildcards, and
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
    /// Quotes are doubled scalar by scalar: a `Character` can be a quote with a combining mark
    /// after it (`"` U+0900), which a search for the character `"` does not find, and that quote
    /// left single would end the literal, the rest of the needle read as query syntax.
    static func ftsPhrase(_ text: String) -> String {
        var literal = String.UnicodeScalarView()
        literal.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { literal.append(scalar) }
            literal.append(scalar)
        }
        literal.append("\"")
        return String(literal)
    }

    private static func textArgument(_ text: String) -> DatabaseValue { Database.textArgument(text) }
}
