import Foundation
import GitHubModels
import GRDB

/// READMEs, stars and repository search.
extension SnapshotStore {
    /// The README of `owner/name`, its template fields filled from the repository; nil when the
    /// repository has none, and `.repositoryMissing` when there is no such repository.
    public func readme(owner: String, name: String) throws -> ReadmeLookup {
        try read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT u.login, r.name AS repository, r.description, r.default_branch, d.name, t.markdown
                    FROM repositories r JOIN users u ON u.id = r.owner_id
                    LEFT JOIN readmes d ON d.repository_id = r.id LEFT JOIN texts t ON t.id = d.text_id
                    WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT)) AND r.name = CAST(? AS TEXT)
                    """, arguments: [Database.textArgument(owner), Database.textArgument(name)])
            else { return .repositoryMissing }
            guard let file: String = row["name"], let template: String = row["markdown"] else { return .noReadme }
            let login: String = row["login"]
            let repository: String = row["repository"]
            let branch: String = row["default_branch"]
            let description = (row["description"] as String?).flatMap { $0.isEmpty ? nil : $0 } ?? "No description yet."
            let text = template.replacingOccurrences(of: "{{name}}", with: repository)
                .replacingOccurrences(of: "{{owner}}", with: login).replacingOccurrences(of: "{{description}}", with: description)
                .replacingOccurrences(of: "{{branch}}", with: branch)
            let url = "\(GitHubURLs.repository(owner: login, name: repository))/blob/\(branch)/\(file)"
            return .found(GitHubReadme(name: file, text: text, htmlURL: url))
        }
    }

    public enum ReadmeLookup: Sendable {
        case found(GitHubReadme)
        case noReadme
        case repositoryMissing
    }

    /// A page of the repositories `login` starred, most recently starred first; nil when there is no such account.
    public func starredRepositories(of login: String, offset: Int, limit: Int) throws -> [GitHubRepository]? {
        try read { db in
            guard let userID = try Int.fetchOne(db, sql: "SELECT id FROM users WHERE login = CAST(? AS TEXT)", arguments: [Database.textArgument(login)]) else {
                return nil
            }
            return try db.records(
                SnapshotRecords.repositorySelect + """
                     JOIN stars s ON s.repository_id = r.id
                     WHERE s.user_id = ? ORDER BY s.starred_at DESC, s.repository_id DESC LIMIT ? OFFSET ?
                    """, [userID, limit, offset], as: GitHubRepository.self)
        }
    }

    /// Searches longer than this many characters use the trigram index; shorter ones walk the
    /// most-starred list, reading at most `shortSearchScanLimit` repositories.
    static let shortSearchScanLimit = 20_000

    /// Up to `limit` repositories after the first `offset` whose name or description contains
    /// `query` (ignoring case), most starred first; with the search's total when `counting`.
    public func searchRepositories(_ query: String, offset: Int, limit: Int, counting: Bool) throws -> (repositories: [GitHubRepository], total: GitHubSearchTotal?) {
        try read { db in
            let order = "ORDER BY r.stargazers_count DESC, r.id LIMIT ? OFFSET ?"
            guard hasRepositorySearchIndex && query.unicodeScalars.count >= 3 && !query.unicodeScalars.contains("\0") else {
                // Too short for trigrams: the most starred repositories first, as far as the scan
                // reaches; GitHub calls such a result incomplete.
                let matches = """
                    FROM (SELECT id FROM repositories INDEXED BY repositories_by_stars ORDER BY stargazers_count DESC, id LIMIT \(Self.shortSearchScanLimit)) w
                    JOIN repositories m ON m.id = w.id
                    WHERE instr(lower(m.name), lower(CAST(? AS TEXT))) > 0 OR instr(lower(coalesce(m.description, '')), lower(CAST(? AS TEXT))) > 0
                    """
                let needle = Database.textArgument(query)
                let repositories = try db.records(
                    SnapshotRecords.repositorySelect + " WHERE r.id IN (SELECT m.id \(matches)) \(order)",
                    [needle, needle, limit, offset], as: GitHubRepository.self)
                let total = counting ? try Int.fetchOne(db, sql: "SELECT count(*) \(matches)", arguments: [needle, needle]) ?? 0 : 0
                let scanned = rankedRepositoryCount(db) > Self.shortSearchScanLimit
                return (repositories, counting ? GitHubSearchTotal(totalCount: total, incompleteResults: scanned) : nil)
            }
            let phrase = UserSearchQueries.ftsPhrase(query)
            let matches = "SELECT rowid FROM \(SnapshotSchema.repositorySearchTable) WHERE \(SnapshotSchema.repositorySearchTable) MATCH ?"
            let count = counting ? try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(matches))", arguments: [phrase]) ?? 0 : nil
            // Many matches: walk the most-starred index until the page is full, testing each
            // against the matches' set; few: read the matches and sort them.
            let many = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(matches) LIMIT ?)", arguments: [phrase, UserSearchQueries.manyMatches(offset + limit)]) ?? 0
            let sql = many >= UserSearchQueries.manyMatches(offset + limit)
                ? SnapshotRecords.repositorySelect.replacingOccurrences(of: "FROM repositories r", with: "FROM repositories r INDEXED BY repositories_by_stars")
                    + " WHERE r.id IN (\(matches)) \(order)"
                : SnapshotRecords.repositorySelect + " JOIN \(SnapshotSchema.repositorySearchTable) f ON f.rowid = r.id WHERE f.\(SnapshotSchema.repositorySearchTable) MATCH ? \(order)"
            let repositories = try db.records(sql, [phrase, limit, offset], as: GitHubRepository.self)
            return (repositories, count.map { GitHubSearchTotal(totalCount: $0, incompleteResults: false) })
        }
    }

    private func rankedRepositoryCount(_ db: Database) -> Int {
        (try? Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM repositories LIMIT \(Self.shortSearchScanLimit + 1))")) ?? 0
    }
}
