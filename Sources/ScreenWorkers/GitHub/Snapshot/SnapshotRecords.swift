import Foundation
import GitHubModels
import GRDB

/// How snapshot rows become models. The snapshot stores facts only; the URLs, `full_name` and
/// the owner's account fields are derived here.
enum SnapshotRecords {
    /// Selects a repository with its owner's account fields and its licence.
    static let repositorySelect = """
        SELECT r.*, u.login AS owner_login, u.type AS owner_type, u.site_admin AS owner_site_admin,
            l.name AS license_name, l.spdx_id AS license_spdx_id
        FROM repositories r
        JOIN users u ON u.id = r.owner_id
        LEFT JOIN licenses l ON l.key = r.license_key
        """
}

extension GitHubUser {
    init(snapshotRow row: Row) {
        let id: Int = row["id"]
        let login: String = row["login"]
        self.init(
            login: login, id: id, type: GitHubAccountType(rawValue: row["type"]), siteAdmin: row["site_admin"],
            avatarURL: GitHubURLs.avatar(userID: id), htmlURL: GitHubURLs.profile(login: login),
            name: row["name"], company: row["company"], blog: row["blog"], location: row["location"],
            email: row["email"], bio: row["bio"], publicRepos: row["public_repos"], followers: row["followers"],
            following: row["following"], createdAt: row["created_at"], updatedAt: row["updated_at"])
    }
}

extension GitHubRepository {
    init(snapshotRow row: Row) {
        let ownerID: Int = row["owner_id"]
        let ownerLogin: String = row["owner_login"]
        let owner = GitHubUser(
            login: ownerLogin, id: ownerID, type: GitHubAccountType(rawValue: row["owner_type"]),
            siteAdmin: row["owner_site_admin"], avatarURL: GitHubURLs.avatar(userID: ownerID),
            htmlURL: GitHubURLs.profile(login: ownerLogin))
        let name: String = row["name"]
        let licenseKey: String? = row["license_key"]
        let license = licenseKey.map { GitHubLicense(key: $0, name: row["license_name"], spdxID: row["license_spdx_id"]) }
        let topics: String = row["topics"]
        self.init(
            id: row["id"], name: name, owner: owner, htmlURL: GitHubURLs.repository(owner: ownerLogin, name: name),
            description: row["description"], fork: row["fork"], homepage: row["homepage"], language: row["language"],
            license: license,
            stargazersCount: row["stargazers_count"], forksCount: row["forks_count"],
            watchersCount: row["watchers_count"], openIssuesCount: row["open_issues_count"],
            topics: topics.split(separator: " ").map(String.init), defaultBranch: row["default_branch"],
            createdAt: row["created_at"], updatedAt: row["updated_at"], pushedAt: row["pushed_at"])
    }
}

extension Database {
    /// A string for a `CAST(? AS TEXT)` placeholder. GRDB binds a String as a C string, which
    /// ends at its first NUL ("\0x" would bind as "", and match everything in a LIKE); bound as
    /// a blob and cast back to text, every byte is kept.
    static func textArgument(_ text: String) -> DatabaseValue { Data(text.utf8).databaseValue }

    /// Decodes each row while the statement steps. A cursor's row finds a column by name in a
    /// dictionary, while a row of `Row.fetchAll` compares the lowercased name of every column on
    /// each lookup: about 100,000 instructions for one 30-column repository, against a few
    /// thousand this way. The statement is prepared once per connection and kept.
    func records<Record>(_ sql: String, _ arguments: StatementArguments, as decode: (Row) throws -> Record) throws -> [Record] {
        let cursor = try Row.fetchCursor(try cachedStatement(sql: sql), arguments: arguments)
        var records: [Record] = []
        while let row = try cursor.next() { records.append(try decode(row)) }
        return records
    }

    func record<Record>(_ sql: String, _ arguments: StatementArguments, as decode: (Row) throws -> Record) throws -> Record? {
        let cursor = try Row.fetchCursor(try cachedStatement(sql: sql), arguments: arguments)
        return try cursor.next().map(decode)
    }
}
