import Foundation
import GitHubModels
import GRDB
import Testing
@testable import GitHubSnapshot

/// What the snapshot store reads back is what the generator wrote: every field of every
/// hand-written account and repository, through each read that decodes them.
@Suite struct SnapshotRecordsTests {
    @Test func theStoreReadsBackEveryFieldTheGeneratorWrote() throws {
        try GeneratedSnapshot.withGenerated(SnapshotGenerator(seed: 3, userCount: WellKnownAccounts.all.count)) { store in
            for account in WellKnownAccounts.all {
                let login = account.user.login
                #expect(try store.user(login: login) == account.user, "\(login)")
                let written = account.repositories.sorted { $0.id < $1.id }
                #expect(try store.repositories(owner: login).sorted { $0.id < $1.id } == written, "\(login)")
                let paged = try store.repositories(owner: login, offset: 0, limit: 1000)
                #expect(paged.sorted { $0.id < $1.id } == written, "\(login)")
                for repository in account.repositories {
                    #expect(try store.repository(owner: login, name: repository.name) == repository, "\(repository.fullName)")
                }
            }
        }
    }

    /// Each stored column lands in its field, for every account and repository of the default
    /// snapshot (the generated ones too, whose fields differ where the hand-written ones agree).
    @Test func everyColumnLandsInItsField() throws {
        let store = try GeneratedSnapshot.defaultStore()
        let users = try GeneratedSnapshot.allUsers(in: store)
        let repositories = try users.flatMap { try store.repositories(owner: $0.login) }
        let userFields: [(String, (GitHubUser) -> DatabaseValue)] = [
            ("login", { $0.login.databaseValue }), ("type", { $0.type?.rawValue.databaseValue ?? .null }),
            ("site_admin", { $0.siteAdmin.databaseValue }), ("name", { $0.name.databaseValue }), ("company", { $0.company.databaseValue }),
            ("blog", { $0.blog.databaseValue }), ("location", { $0.location.databaseValue }), ("email", { $0.email.databaseValue }),
            ("bio", { $0.bio.databaseValue }), ("public_repos", { $0.publicRepos.databaseValue }), ("followers", { $0.followers.databaseValue }),
            ("following", { $0.following.databaseValue }), ("created_at", { $0.createdAt.databaseValue }), ("updated_at", { $0.updatedAt.databaseValue }),
        ]
        let repositoryFields: [(String, (GitHubRepository) -> DatabaseValue)] = [
            ("name", { $0.name.databaseValue }), ("owner_id", { $0.owner.id.databaseValue }), ("license_key", { $0.license?.key.databaseValue ?? .null }),
            ("description", { $0.description.databaseValue }), ("fork", { $0.fork.databaseValue }), ("homepage", { $0.homepage.databaseValue }),
            ("language", { $0.language.databaseValue }), ("stargazers_count", { $0.stargazersCount.databaseValue }),
            ("forks_count", { $0.forksCount.databaseValue }), ("watchers_count", { $0.watchersCount.databaseValue }),
            ("open_issues_count", { $0.openIssuesCount.databaseValue }), ("topics", { $0.topics.joined(separator: " ").databaseValue }),
            ("default_branch", { $0.defaultBranch.databaseValue }), ("created_at", { $0.createdAt.databaseValue }),
            ("updated_at", { $0.updatedAt.databaseValue }), ("pushed_at", { $0.pushedAt.databaseValue }),
        ]
        try store.read { db in
            try expectStored(in: db, table: "users", users, id: \.id, name: \.login, userFields)
            try expectStored(in: db, table: "repositories", repositories, id: \.id, name: \.fullName, repositoryFields)
        }
    }

    /// A file whose table lacks a column the reads use passes the format check (application id
    /// and version), so the read itself refuses it, naming the column.
    @Test func aMissingColumnIsAnErrorNotACrash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navshell-missing-column-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SnapshotGenerator(seed: 3, userCount: 3).write(to: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "ALTER TABLE users DROP COLUMN company") }
        try queue.close()
        let store = try SnapshotStore(path: path)
        let login = WellKnownAccounts.all[0].user.login
        #expect(throws: SnapshotError.missingColumn("company")) { try store.user(login: login) }
        #expect(try store.repositories(owner: login).count == WellKnownAccounts.all[0].repositories.count)
    }

    /// Every row of `table` has a model in `models` (by id) whose fields hold its columns.
    private func expectStored<Model>(
        in db: Database, table: String, _ models: [Model], id: KeyPath<Model, Int>, name: KeyPath<Model, String>,
        _ fields: [(String, (Model) -> DatabaseValue)]
    ) throws {
        let stored = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
        #expect(stored.count == models.count, "\(table)")
        let modelsByID = Dictionary(uniqueKeysWithValues: models.map { ($0[keyPath: id], $0) })
        for row in stored {
            let model = try #require(modelsByID[row["id"]], "\(table) \(row)")
            for (column, field) in fields { #expect(field(model) == row[column] as DatabaseValue, "\(model[keyPath: name]).\(column)") }
        }
    }
}
