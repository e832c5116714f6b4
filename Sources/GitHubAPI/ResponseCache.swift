import Foundation
import GRDB

/// GitHub response bodies by URL, with their validators (ETag, Last-Modified) and `Link`
/// header, in a SQLite file. The total stored size is bounded: storing past `maximumBytes`
/// evicts the least recently used entries. Several worker processes may share the file (WAL,
/// with a short busy timeout). The total is kept as it changes (triggers on the table keep a
/// one-row sum), so no store sums every entry.
///
/// Calls are synchronous and may wait for another process's write lock (the busy timeout), so
/// `GitHubAPIClient` makes them on a background queue (`LoopResponseCache`), never on its loop.
public final class ResponseCache: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The URL the client asked for (before any redirect).
        public var url: String
        public var body: [UInt8]
        public var etag: String?
        public var lastModified: String?
        /// The response's `Link` header, so a cached page still knows its next page.
        public var link: String?
        /// When GitHub last sent or confirmed (304) this body.
        public var storedAt: Date

        public init(url: String, body: [UInt8], etag: String?, lastModified: String?, link: String?, storedAt: Date = Date()) {
            self.url = url
            self.body = body
            self.etag = etag
            self.lastModified = lastModified
            self.link = link
            self.storedAt = storedAt
        }

        /// The bytes this entry counts against the cache's bound.
        public var size: Int {
            url.utf8.count + body.count + (etag?.utf8.count ?? 0) + (lastModified?.utf8.count ?? 0) + (link?.utf8.count ?? 0)
        }
    }

    public static let defaultMaximumBytes = 32 * 1024 * 1024

    public let path: String
    public let maximumBytes: Int
    private let database: DatabaseQueue

    /// Opens (creating it and its folder if needed) the cache at `path`.
    public init(path: String, maximumBytes: Int = ResponseCache.defaultMaximumBytes) throws {
        self.path = path
        self.maximumBytes = maximumBytes
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(1)
        configuration.prepareDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE response (
                        url TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        etag TEXT,
                        lastModified TEXT,
                        link TEXT,
                        storedAt DOUBLE NOT NULL,
                        size INTEGER NOT NULL,
                        lastUsed INTEGER NOT NULL
                    );
                    CREATE INDEX response_lastUsed ON response(lastUsed);
                    """)
        }
        migrator.registerMigration("v2: running total") { db in
            // `store` upserts rather than INSERT OR REPLACE: a REPLACE deletes without firing
            // the delete trigger (SQLite fires it only with recursive triggers on).
            try db.execute(
                sql: """
                    CREATE TABLE total (bytes INTEGER NOT NULL);
                    INSERT INTO total (bytes) SELECT COALESCE(SUM(size), 0) FROM response;
                    CREATE TRIGGER total_insert AFTER INSERT ON response
                        BEGIN UPDATE total SET bytes = bytes + NEW.size; END;
                    CREATE TRIGGER total_delete AFTER DELETE ON response
                        BEGIN UPDATE total SET bytes = bytes - OLD.size; END;
                    CREATE TRIGGER total_update AFTER UPDATE OF size ON response
                        BEGIN UPDATE total SET bytes = bytes - OLD.size + NEW.size; END;
                    """)
        }
        try migrator.migrate(database)
    }

    /// `$XDG_CACHE_HOME/navshell/github-responses.sqlite`, else under `$HOME/.cache`, else
    /// under the temporary folder.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
            base = cacheHome
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.cache"
        } else {
            base = NSTemporaryDirectory()
        }
        return (base as NSString).appendingPathComponent("navshell/github-responses.sqlite")
    }

    /// The entry for `url`, marked as the most recently used.
    public func entry(for url: String) throws -> Entry? {
        guard let entry = try storedEntry(for: url) else { return nil }
        // A mark that cannot be written (another process holds the write lock past the busy
        // timeout) costs only the eviction order, not the read.
        try? markUsed(url)
        return entry
    }

    /// The entry for `url`, read without a write lock (WAL readers never wait for a writer).
    func storedEntry(for url: String) throws -> Entry? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM response WHERE url = ?", arguments: [url]) else { return nil }
            let body: Data = row["body"]
            return Entry(
                url: row["url"], body: [UInt8](body), etag: row["etag"], lastModified: row["lastModified"], link: row["link"],
                storedAt: Date(timeIntervalSince1970: row["storedAt"]))
        }
    }

    /// Makes `url` the most recently used entry.
    func markUsed(_ url: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE response SET lastUsed = ? WHERE url = ?", arguments: [try Self.nextUse(db), url])
        }
    }

    /// Stores `entry` as the most recently used, evicting older entries past the bound. An
    /// entry larger than the whole bound is not stored (and replaces nothing).
    public func store(_ entry: Entry) throws {
        let size = entry.size
        try database.write { db in
            guard size <= maximumBytes else {
                try db.execute(sql: "DELETE FROM response WHERE url = ?", arguments: [entry.url])
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO response (url, body, etag, lastModified, link, storedAt, size, lastUsed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                        lastModified = excluded.lastModified, link = excluded.link, storedAt = excluded.storedAt,
                        size = excluded.size, lastUsed = excluded.lastUsed
                    """,
                arguments: [
                    entry.url, Data(entry.body), entry.etag, entry.lastModified, entry.link,
                    entry.storedAt.timeIntervalSince1970, size, try Self.nextUse(db),
                ])
            try evict(db, keeping: entry.url)
        }
    }

    /// Records a 304: the body is current as of now; GitHub may have sent new validators.
    public func revalidate(url: String, etag: String?, lastModified: String?) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE response SET etag = COALESCE(?, etag), lastModified = COALESCE(?, lastModified),
                        storedAt = ?, lastUsed = ? WHERE url = ?
                    """,
                arguments: [etag, lastModified, Date().timeIntervalSince1970, try Self.nextUse(db), url])
        }
    }

    /// Bytes stored, as counted against `maximumBytes`: the running total.
    public func totalBytes() throws -> Int {
        try database.read { db in try Self.total(db) }
    }

    /// The sum of every entry's size, counted afresh: what `totalBytes()` must always equal.
    func summedBytes() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM response") ?? 0 }
    }

    /// Every stored URL, least recently used first.
    public func storedURLs() throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT url FROM response ORDER BY lastUsed") }
    }

    /// Removes every entry whose URL is one of `urls`, or continues one with `/` or `?` (what a
    /// write made stale), as `StaleURLs` matches them: without regard to ASCII case, a `*` segment
    /// standing for any one segment, and a repository's URL (`…/repos/{o}/{r}`) taking in its
    /// reads by id (`…/repositories/{id}`). `_` and `%` in a URL are not patterns.
    public func removeEntries(under urls: [String]) throws {
        guard !urls.isEmpty else { return }
        try database.write { db in
            let stored = try Row.fetchAll(db, sql: "SELECT url, link FROM response").map { StaleURLs.Stored(url: $0["url"], link: $0["link"]) }
            let stale = try StaleURLs.matching(urls, in: stored) { url in
                try Data.fetchOne(db, sql: "SELECT body FROM response WHERE url = ?", arguments: [url]).map { [UInt8]($0) }
            }
            for url in stale {
                try db.execute(sql: "DELETE FROM response WHERE url = ?", arguments: [url])
            }
        }
    }

    public func removeAll() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM response") }
    }

    private func evict(_ db: Database, keeping url: String) throws {
        var total = try Self.total(db)
        guard total > maximumBytes else { return }
        // Least recently used first, read only as far as needed.
        let candidates = try Row.fetchCursor(
            db, sql: "SELECT url, size FROM response WHERE url != ? ORDER BY lastUsed", arguments: [url])
        var evicted: [String] = []
        while total > maximumBytes, let candidate = try candidates.next() {
            evicted.append(candidate["url"])
            total -= candidate["size"] as Int
        }
        for url in evicted {
            try db.execute(sql: "DELETE FROM response WHERE url = ?", arguments: [url])
        }
    }

    private static func total(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT bytes FROM total") ?? 0
    }

    /// A use counter: one more than the latest, so ordering by it is least-recently-used order.
    private static func nextUse(_ db: Database) throws -> Int {
        (try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(lastUsed), 0) + 1 FROM response") ?? 0)
    }
}
