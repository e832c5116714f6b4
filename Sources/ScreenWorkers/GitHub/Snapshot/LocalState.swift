import Foundation
import GitHubModels
import GRDB
import Glibc
import Synchronization

/// The snapshot source's writes (docs/protocol.md, "Local state"): a log of changes the session's
/// user made, in a database of its own beside the snapshot, which is never modified. Every
/// worker reads the log over the snapshot; the file is made by the first write, so a user who
/// never wrote pays nothing on a read but a check that it does not exist. What a read found is
/// kept until the file changes, so a screen that loads on every keystroke reads the log once.
public final class LocalState: Sendable {
    public let path: String
    /// Opened at the first read or write that finds the file (or makes it).
    private let database = Mutex<DatabaseQueue?>(nil)
    /// The reads' results, valid while the file's change counter is `version`.
    private let cache = Mutex<(version: UInt32, reads: [Read: [LocalChange]])>((0, [:]))

    private enum Read: Hashable {
        case repository(owner: String, name: String)
        case stars
    }

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/navshell/local-state.sqlite`, else `~/.local/state/navshell/local-state.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/navshell/local-state.sqlite" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/navshell/local-state.sqlite"
    }

    /// The changes to `owner/name` (any letter case), oldest first; none while the file does not exist.
    func changes(owner: String, name: String) throws -> [LocalChange] {
        try cached(.repository(owner: owner, name: name)) { db in
            try LocalChange.fetchAll(db, sql: "SELECT * FROM changes WHERE owner = ? AND name = ? ORDER BY id", arguments: [owner, name])
        }
    }

    /// The stars and unstars of every repository, oldest first: a list of repositories mixes owners.
    func starChanges() throws -> [LocalChange] {
        try cached(.stars) { db in
            try LocalChange.fetchAll(db, sql: "SELECT * FROM changes WHERE kind IN ('star', 'unstar') ORDER BY id")
        }
    }

    /// What `fetch` finds, read again only when the file changed since it was last read.
    private func cached(_ read: Read, _ fetch: @Sendable (Database) throws -> [LocalChange]) throws -> [LocalChange] {
        // The counter is taken before the read: a write between the two makes the next call read again.
        let version = changeCounter()
        if let version, let kept = cache.withLock({ $0.version == version ? $0.reads[read] : nil }) { return kept }
        guard let queue = try open(creating: false) else { return [] }
        let changes = try queue.read(fetch)
        if let version {
            cache.withLock { cache in
                if cache.version != version { cache = (version, [:]) }
                cache.reads[read] = changes
            }
        }
        return changes
    }

    /// SQLite's file change counter (the header's bytes 24 to 27), which every write that changes
    /// the database increments in the rollback-journal mode this file is in, whichever process
    /// makes it: this worker, another screen's worker or `navhost changes --discard`. A file's
    /// modification time would miss a second write within the kernel's clock tick. Nil when the
    /// file does not exist, has no header yet, or is in WAL mode (which leaves the counter alone).
    private func changeCounter() -> UInt32? {
        let file = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { Glibc.close(file) }
        var header = [UInt8](repeating: 0, count: 28)
        guard pread(file, &header, header.count, 0) == header.count, header[18] == 1 else { return nil }
        return header[24...].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Every change, oldest first: `navhost changes`.
    public func allChanges() throws -> [LocalChange] {
        guard let queue = try open(creating: false) else { return [] }
        return try queue.read { db in try LocalChange.fetchAll(db, sql: "SELECT * FROM changes ORDER BY id") }
    }

    /// Removes every change; returns how many there were.
    public func discardAll() throws -> Int {
        guard let queue = try open(creating: false) else { return 0 }
        return try queue.write { db in
            try db.execute(sql: "DELETE FROM changes")
            return db.changesCount
        }
    }

    /// Appends a change, made now (as GitHub writes times: "2026-12-02T10:04:05Z").
    func record(_ kind: LocalChange.Kind, owner: String, name: String, number: Int?, value: String = "") throws {
        guard let queue = try open(creating: true) else { return }
        let now = ISO8601Timestamp.now
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO changes (made_at, kind, owner, name, number, value) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [now, kind.rawValue, owner, name, number, value])
        }
    }

    private func open(creating: Bool) throws -> DatabaseQueue? {
        try database.withLock { queue in
            if let queue { return queue }
            guard creating || access(path, F_OK) == 0 else { return nil }
            if creating { try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true) }
            var configuration = Configuration()
            // Several workers write the same file: one waits for another's write instead of failing.
            configuration.busyMode = .timeout(5)
            let opened = try DatabaseQueue(path: path, configuration: configuration)
            try opened.write { db in
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS changes (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        made_at TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        owner TEXT NOT NULL COLLATE NOCASE,
                        name TEXT NOT NULL COLLATE NOCASE,
                        number INTEGER,
                        value TEXT NOT NULL DEFAULT ''
                    );
                    CREATE INDEX IF NOT EXISTS changes_by_item ON changes(owner, name, number);
                    """)
            }
            queue = opened
            return opened
        }
    }
}

/// One change in the local state: what was done to which repository or item, and when.
public struct LocalChange: FetchableRecord, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case star, unstar, comment, close, reopen, merge, react
        case addLabel = "add-label", removeLabel = "remove-label", requestReview = "request-review"
    }

    public var id: Int
    public var madeAt: String
    public var kind: String
    public var owner: String
    public var name: String
    public var number: Int?
    /// The comment's body, the close reason, the label, the reaction, the reviewers, the merge method.
    public var value: String

    public init(row: GRDB.Row) {
        id = row["id"]
        madeAt = row["made_at"]
        kind = row["kind"]
        owner = row["owner"]
        name = row["name"]
        number = row["number"]
        value = row["value"]
    }
}
