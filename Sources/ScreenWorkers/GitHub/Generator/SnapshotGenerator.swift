import Foundation
import GRDB

/// Writes a deterministic snapshot: the same seed and user count always give the same rows.
///
/// The hand-written accounts come first (as many as `userCount` allows), then generated ones.
/// Rows stream into one transaction through prepared statements, so memory stays flat however
/// many users are asked for.
public struct SnapshotGenerator: Sendable {
    public let seed: UInt64
    public let userCount: Int
    /// Caps the repositories of each generated user (nil: as many as their profile says), so a
    /// million-user snapshot for benchmarks stays a few gigabytes smaller.
    public let maxRepositoriesPerUser: Int?
    /// Gives the large repository (`WellKnownAccounts.largeRepository`) this many issues and pull
    /// requests, for measuring lists at that length; nil: a sample like every other repository's.
    public let largeRepositoryIssues: Int?

    public init(seed: UInt64 = 1, userCount: Int = 250, maxRepositoriesPerUser: Int? = nil, largeRepositoryIssues: Int? = nil) {
        self.seed = seed
        self.userCount = max(0, userCount)
        self.maxRepositoriesPerUser = maxRepositoriesPerUser.map { max(0, $0) }
        self.largeRepositoryIssues = largeRepositoryIssues.map { max(0, $0) }
    }

    /// Writes the snapshot to `path`, replacing any file there only once the new one is complete.
    public func write(to path: String) throws {
        let partialPath = path + ".partial"
        try removeIfPresent(partialPath)
        defer { try? removeIfPresent(partialPath) }

        var configuration = Configuration()
        // Repositories reference `users`, which exists only once every user is written and
        // ranked; the references are checked once, at the end.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            // A half-written file is deleted, never recovered: no journal, no fsync.
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
        }
        let queue = try DatabaseQueue(path: partialPath, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.inTransaction {
                _ = try SnapshotSchema.create(in: db)
                let writer = try SnapshotWriter(db)
                for license in LicenseCatalog.all { try writer.insert(license) }
                try writeAccounts(with: writer)
                try SnapshotSchema.rankUsersByPopularity(in: db)
                try FollowGraph.write(in: db)
                try SnapshotSchema.createIssueTables(in: db)
                let texts = try TextPool.write(in: db, seed: seed)
                try IssueGraph(seed: seed, texts: texts, largeRepositoryIssues: largeRepositoryIssues).write(in: db)
                try StarGraph.write(in: db, seed: seed)
                try SnapshotSchema.createIssueSearchIndexes(in: db)
                try ShortQueryCandidates.write(in: db)
                try SnapshotSchema.rebuildUserSearchIndex(in: db)
                try checkForeignKeys(in: db)
                return .commit
            }
            try db.execute(sql: "VACUUM")
        }
        try queue.close()
        try removeIfPresent(path)
        try FileManager.default.moveItem(atPath: partialPath, toPath: path)
    }

    private func writeAccounts(with writer: SnapshotWriter) throws {
        let seeds = WellKnownAccounts.all.prefix(userCount)
        for account in seeds {
            guard try writer.insert(account.user) else { throw duplicate("login", account.user.login) }
            for repository in account.repositories {
                guard try writer.insert(repository) else { throw duplicate("repository", repository.fullName) }
            }
        }

        // Spread ids over the range GitHub has used, however many accounts are generated.
        let generatedCount = userCount - seeds.count
        var random = SplitMix64(seed: seed)
        var userIDs = IDSequence(
            after: 1_000, meanGap: SnapshotTimeline.lastUserID / max(1, generatedCount),
            taken: Set(seeds.map(\.user.id)))
        var repositoryIDs = IDSequence(
            after: 100_000, meanGap: Self.lastRepositoryID / max(1, generatedCount * Self.repositoriesPerUser),
            taken: Set(seeds.flatMap { $0.repositories.map(\.id) }))

        for _ in 0..<generatedCount {
            var planned = UserFactory.makeUser(id: userIDs.next(&random), &random)
            if let cap = maxRepositoriesPerUser { planned.publicRepos = min(planned.publicRepos ?? 0, cap) }
            var user = planned
            while try !writer.insert(user) {
                user = UserFactory.disambiguated(planned, &random)
            }
            for _ in 0..<(user.publicRepos ?? 0) {
                let planned = RepositoryFactory.makeRepository(id: repositoryIDs.next(&random), owner: user, &random)
                var repository = planned
                var attempt = 1
                while try !writer.insert(repository) {
                    repository = RepositoryFactory.disambiguated(planned, attempt: attempt)
                    attempt += 1
                }
            }
        }
    }

    /// About the highest repository id GitHub has handed out, and its users' mean repository count.
    private static let lastRepositoryID = 900_000_000
    private static let repositoriesPerUser = 16

    private func duplicate(_ what: String, _ value: String) -> SnapshotError {
        .generationFailed("the hand-written accounts repeat the \(what) '\(value)'")
    }

    private func checkForeignKeys(in db: Database) throws {
        if let broken = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            throw SnapshotError.generationFailed("a row of \(broken[0] as String) refers to no row of \(broken[2] as String)")
        }
    }

    private func removeIfPresent(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
    }
}
