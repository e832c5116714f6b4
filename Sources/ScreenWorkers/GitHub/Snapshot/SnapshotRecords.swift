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

/// A model read from a snapshot row by column position. A cursor's row finds a column by name
/// through a dictionary (a hash of the name for every column of every row: about 400
/// instructions each, 10,000 a repository), so each query finds its columns' positions once
/// (`Columns`), and every row is read by position.
protocol SnapshotRecord {
    associatedtype Columns
    static func columns(_ position: ColumnPositions) throws -> Columns
    init(snapshotRow row: Row, _ columns: Columns)
}

/// A statement's columns, by name.
struct ColumnPositions {
    let names: [String]

    /// The position of the column named `name`; a snapshot without it is not one this code reads.
    func callAsFunction(_ name: String) throws -> Int {
        guard let position = names.firstIndex(of: name) else { throw SnapshotError.missingColumn(name) }
        return position
    }
}

extension GitHubUser: SnapshotRecord {
    struct Columns {
        let id, login, type, siteAdmin, name, company, blog, location, email, bio: Int
        let publicRepos, followers, following, createdAt, updatedAt: Int
    }

    static func columns(_ position: ColumnPositions) throws -> Columns {
        try Columns(
            id: position("id"), login: position("login"), type: position("type"), siteAdmin: position("site_admin"),
            name: position("name"), company: position("company"), blog: position("blog"), location: position("location"),
            email: position("email"), bio: position("bio"), publicRepos: position("public_repos"), followers: position("followers"),
            following: position("following"), createdAt: position("created_at"), updatedAt: position("updated_at"))
    }

    init(snapshotRow row: Row, _ column: Columns) {
        let id: Int = row[column.id]
        let login: String = row[column.login]
        self.init(
            login: login, id: id, type: GitHubAccountType(rawValue: row[column.type]), siteAdmin: row[column.siteAdmin],
            avatarURL: GitHubURLs.avatar(userID: id), htmlURL: GitHubURLs.profile(login: login),
            name: row[column.name], company: row[column.company], blog: row[column.blog], location: row[column.location],
            email: row[column.email], bio: row[column.bio], publicRepos: row[column.publicRepos], followers: row[column.followers],
            following: row[column.following], createdAt: row[column.createdAt], updatedAt: row[column.updatedAt])
    }
}

extension GitHubRepository: SnapshotRecord {
    struct Columns {
        let id, name, ownerID, ownerLogin, ownerType, ownerSiteAdmin, licenseKey, licenseName, licenseSPDXID: Int
        let description, fork, homepage, language, stars, forks, watchers, openIssues, topics, defaultBranch: Int
        let createdAt, updatedAt, pushedAt: Int
    }

    static func columns(_ position: ColumnPositions) throws -> Columns {
        try Columns(
            id: position("id"), name: position("name"), ownerID: position("owner_id"), ownerLogin: position("owner_login"),
            ownerType: position("owner_type"), ownerSiteAdmin: position("owner_site_admin"), licenseKey: position("license_key"),
            licenseName: position("license_name"), licenseSPDXID: position("license_spdx_id"), description: position("description"),
            fork: position("fork"), homepage: position("homepage"), language: position("language"), stars: position("stargazers_count"),
            forks: position("forks_count"), watchers: position("watchers_count"), openIssues: position("open_issues_count"),
            topics: position("topics"), defaultBranch: position("default_branch"), createdAt: position("created_at"),
            updatedAt: position("updated_at"), pushedAt: position("pushed_at"))
    }

    init(snapshotRow row: Row, _ column: Columns) {
        let ownerID: Int = row[column.ownerID]
        let ownerLogin: String = row[column.ownerLogin]
        let owner = GitHubUser(
            login: ownerLogin, id: ownerID, type: GitHubAccountType(rawValue: row[column.ownerType]),
            siteAdmin: row[column.ownerSiteAdmin], avatarURL: GitHubURLs.avatar(userID: ownerID),
            htmlURL: GitHubURLs.profile(login: ownerLogin))
        let name: String = row[column.name]
        let licenseKey: String? = row[column.licenseKey]
        let license = licenseKey.map { GitHubLicense(key: $0, name: row[column.licenseName], spdxID: row[column.licenseSPDXID]) }
        let topics: String = row[column.topics]
        self.init(
            id: row[column.id], name: name, owner: owner, htmlURL: GitHubURLs.repository(owner: ownerLogin, name: name),
            description: row[column.description], fork: row[column.fork], homepage: row[column.homepage], language: row[column.language],
            license: license,
            stargazersCount: row[column.stars], forksCount: row[column.forks],
            watchersCount: row[column.watchers], openIssuesCount: row[column.openIssues],
            topics: Self.topics(stored: topics), defaultBranch: row[column.defaultBranch],
            createdAt: row[column.createdAt], updatedAt: row[column.updatedAt], pushedAt: row[column.pushedAt])
    }
}

extension GitHubRepository {
    /// The topics as the snapshot stores them, separated by spaces. Split on the UTF-8 bytes:
    /// `String.split` compares whole characters, several times the work, and a topic holds no
    /// space or combining mark (GitHub's topics are lowercase letters, digits and hyphens).
    static func topics(stored: String) -> [String] {
        stored.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Database {
    /// A string for a `CAST(? AS TEXT)` placeholder. GRDB binds a String as a C string, which
    /// ends at its first NUL ("\0x" would bind as "", and match everything in a LIKE); bound as
    /// a blob and cast back to text, every byte is kept.
    static func textArgument(_ text: String) -> DatabaseValue { Data(text.utf8).databaseValue }

    /// Decodes each row while the statement steps, by column position (`SnapshotRecord`). A row
    /// of `Row.fetchAll` would also compare the lowercased name of every column on each lookup
    /// (about 100,000 instructions for one 30-column repository). The statement is prepared
    /// once per connection and kept.
    func records<Record: SnapshotRecord>(_ sql: String, _ arguments: StatementArguments, as _: Record.Type) throws -> [Record] {
        let (cursor, columns) = try recordCursor(sql, arguments, Record.self)
        var records: [Record] = []
        while let row = try cursor.next() { records.append(Record(snapshotRow: row, columns)) }
        return records
    }

    func record<Record: SnapshotRecord>(_ sql: String, _ arguments: StatementArguments, as _: Record.Type) throws -> Record? {
        let (cursor, columns) = try recordCursor(sql, arguments, Record.self)
        return try cursor.next().map { Record(snapshotRow: $0, columns) }
    }

    private func recordCursor<Record: SnapshotRecord>(
        _ sql: String, _ arguments: StatementArguments, _: Record.Type
    ) throws -> (RowCursor, Record.Columns) {
        let statement = try cachedStatement(sql: sql)
        let columns = try Record.columns(ColumnPositions(names: statement.columnNames))
        return (try Row.fetchCursor(statement, arguments: arguments), columns)
    }
}
