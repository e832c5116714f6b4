import GitHubModels
import Foundation
import GRDB
import Glibc
import ProcessSupport

/// Read-only access to a snapshot database. Its reads block, so the worker runs them on a
/// background queue (`SnapshotSource`); GRDB's queue serializes them and can interrupt one.
public final class SnapshotStore: Sendable {
    public let path: String
    private let queue: DatabaseQueue
    /// Whether the snapshot has the trigram index (`SnapshotSchema`); without it substring
    /// search scans the users table.
    let hasUserSearchIndex: Bool
    /// How many users the snapshot ranks: read once, in the same read as the format check (the
    /// snapshot is read-only), not with every window of the popular list.
    public let rankedUserCount: Int
    /// Whether the snapshot has the trigram indexes over issue titles and over repositories
    /// (`SnapshotSchema.createIssueSearchIndexes`); without them those searches read the tables.
    let hasIssueSearchIndex: Bool
    let hasRepositorySearchIndex: Bool

    /// Opens the snapshot at `path` read-only.
    /// - Throws: `SnapshotError.missingFile` or `.notASnapshot` when it is not one this code reads.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw SnapshotError.missingFile(path: path) }
        self.path = path
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            (hasUserSearchIndex, rankedUserCount, hasIssueSearchIndex, hasRepositorySearchIndex) = try queue.read { db in
                try Self.checkFormat(db, path: path)
                let count = try Int.fetchOne(db, sql: "SELECT coalesce(max(rank) + 1, 0) FROM users") ?? 0
                return (
                    try SnapshotSchema.hasUserSearchIndex(db), count, try db.tableExists(SnapshotSchema.issueSearchTable),
                    try db.tableExists(SnapshotSchema.repositorySearchTable))
            }
        } catch let error as DatabaseError {
            throw SnapshotError.notASnapshot(path: path, reason: error.message ?? error.description)
        }
    }

    /// The snapshot that ships with GitHubScreens.
    public static func bundled() throws -> SnapshotStore {
        try SnapshotStore(path: bundledPath())
    }

    /// Where SwiftPM puts this target's resource bundle for an executable: beside it.
    static let pathBesideExecutable = ExecutableDirectory.path + "/NavShell_GitHubSnapshot.resources/snapshot.sqlite"

    /// Where the shipped snapshot is: in SwiftPM's resource bundle beside the executable, found
    /// without Foundation's `Bundle`, whose set-up was 2.4 M of the 18 M instructions of a
    /// worker's start (docs/performance.md, "Worker start-up"); `Bundle.module` finds it
    /// wherever else SwiftPM put it. SnapshotStoreTests checks both name the same file.
    static func bundledPath() throws -> String {
        if access(pathBesideExecutable, R_OK) == 0 { return pathBesideExecutable }
        guard let url = Bundle.module.url(forResource: "snapshot", withExtension: "sqlite") else {
            throw SnapshotError.missingBundledSnapshot
        }
        return url.path(percentEncoded: false)
    }

    /// The account with this login (any letter case), with its profile.
    public func user(login: String) throws -> GitHubUser? {
        try queue.read { db in
            try db.record("SELECT * FROM users WHERE login = CAST(? AS TEXT)", [Database.textArgument(login)], as: GitHubUser.self)
        }
    }

    /// The account's repositories, most starred first, then by name.
    public func repositories(owner login: String) throws -> [GitHubRepository] {
        try queue.read { db in
            try db.records(
                SnapshotRecords.repositorySelect + """
                     WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT))
                     ORDER BY r.stargazers_count DESC, r.name
                    """, [Database.textArgument(login)], as: GitHubRepository.self)
        }
    }

    /// The repository `owner/name` (any letter case).
    public func repository(owner login: String, name: String) throws -> GitHubRepository? {
        try queue.read { db in
            try db.record(
                SnapshotRecords.repositorySelect + """
                     WHERE r.owner_id = (SELECT id FROM users WHERE login = CAST(? AS TEXT)) AND r.name = CAST(? AS TEXT)
                    """, [Database.textArgument(login), Database.textArgument(name)], as: GitHubRepository.self)
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.read(body)
    }

    /// Stops the read running now (from any thread): it fails with SQLITE_INTERRUPT.
    public func interrupt() {
        queue.interrupt()
    }

    private static func checkFormat(_ db: Database, path: String) throws {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        guard applicationID == SnapshotSchema.applicationID else {
            throw SnapshotError.notASnapshot(path: path, reason: "its application_id is \(applicationID)")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version == SnapshotSchema.version else {
            let reason = "it has format version \(version); this code reads version \(SnapshotSchema.version)"
            throw SnapshotError.notASnapshot(path: path, reason: reason)
        }
    }
}
