import GitHubModels
import GRDB

/// Prepared inserts for one generation run, so a million users cost no SQL parsing.
struct SnapshotWriter {
    private let db: Database
    private let insertLicense: Statement
    private let insertUser: Statement
    private let insertRepository: Statement

    init(_ db: Database) throws {
        self.db = db
        insertLicense = try db.makeStatement(sql: "INSERT INTO licenses (key, name, spdx_id) VALUES (?, ?, ?)")
        insertUser = try db.makeStatement(
            sql: """
                INSERT INTO \(SnapshotSchema.unrankedUsersTable) (id, login, type, site_admin, name, company, blog, location, email, bio,
                    public_repos, followers, following, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (login) DO NOTHING
                """)
        insertRepository = try db.makeStatement(
            sql: """
                INSERT INTO repositories (id, owner_id, name, description, fork, homepage, language, license_key,
                    stargazers_count, forks_count, watchers_count, open_issues_count, topics, default_branch,
                    created_at, updated_at, pushed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner_id, name) DO NOTHING
                """)
    }

    func insert(_ license: GitHubLicense) throws {
        try insertLicense.execute(arguments: [license.key, license.name, license.spdxID])
    }

    /// Inserts a user; returns false, writing nothing, when another user has the login.
    func insert(_ user: GitHubUser) throws -> Bool {
        try insertUnlessDuplicate(
            insertUser,
            [
                user.id, user.login, (user.type ?? .user).rawValue, user.siteAdmin ?? false, user.name,
                user.company, user.blog ?? "", user.location, user.email, user.bio, user.publicRepos ?? 0,
                user.followers ?? 0, user.following ?? 0, user.createdAt, user.updatedAt,
            ])
    }

    /// Inserts a repository; returns false, writing nothing, when its owner has one of that name.
    func insert(_ repository: GitHubRepository) throws -> Bool {
        try insertUnlessDuplicate(
            insertRepository,
            [
                repository.id, repository.owner.id, repository.name, repository.description, repository.fork,
                repository.homepage, repository.language, repository.license?.key, repository.stargazersCount,
                repository.forksCount, repository.watchersCount, repository.openIssuesCount,
                repository.topics.joined(separator: " "), repository.defaultBranch ?? "master",
                repository.createdAt, repository.updatedAt, repository.pushedAt,
            ])
    }

    /// Runs an insert whose `ON CONFLICT ... DO NOTHING` covers only the login or name
    /// uniqueness (any other constraint still throws), and tells whether it wrote the row.
    private func insertUnlessDuplicate(
        _ statement: Statement, _ values: [(any DatabaseValueConvertible)?]
    ) throws -> Bool {
        try statement.execute(arguments: StatementArguments(values))
        return db.changesCount == 1
    }
}
