import GRDB

/// The layout of a NavShell GitHub snapshot database.
///
/// Tables `licenses`, `users` and `repositories` hold the facts; URLs, `full_name` and owners are
/// derived when reading. `users` is keyed by popularity rank, so its rows lie in the popular
/// list's order, with the GitHub id unique beside it (`rankUsersByPopularity`). Logins and
/// repository names compare case-insensitively (COLLATE NOCASE), as on GitHub, and their indexes
/// serve exact and prefix lookups. `users_search` is an FTS5
/// index with the trigram tokenizer over login and name for substring search; it exists only
/// when the SQLite that wrote the snapshot supports it (3.34+), and readers fall back to a scan.
/// `short_query_candidates` serves the queries too short for trigrams (`ShortQueryCandidates`).
public enum SnapshotSchema {
    /// `PRAGMA application_id` of a NavShell snapshot ("NAVG").
    public static let applicationID: Int32 = 0x4E41_5647
    /// `PRAGMA user_version`: bump when the layout changes.
    public static let version = 5

    /// The tables holding data, in dependency order.
    public static let dataTables = ["licenses", "users", "repositories", "follows", shortQueryTable] + issueTables

    /// A user's columns after its key. `users` is keyed by rank (`rankUsersByPopularity`); while
    /// a snapshot is written, users arrive by id into `unrankedUsersTable`, which the
    /// unique login turns a repeated login away from.
    private static let userColumns = """
            login TEXT NOT NULL UNIQUE COLLATE NOCASE,
            type TEXT NOT NULL,
            site_admin INTEGER NOT NULL,
            name TEXT,
            company TEXT,
            blog TEXT NOT NULL,
            location TEXT,
            email TEXT,
            bio TEXT,
            public_repos INTEGER NOT NULL,
            followers INTEGER NOT NULL,
            following INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        """
    static let unrankedUsersTable = "users_unranked"

    static let userSearchTable = "users_search"
    /// The candidates for one- and two-character searches (`ShortQueryCandidates`).
    static let shortQueryTable = "short_query_candidates"

    /// Creates the tables and indexes; returns whether the trigram search index could be made.
    static func create(in db: Database) throws -> Bool {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(version)")
        try db.execute(
            sql: """
                CREATE TABLE licenses (
                    key TEXT NOT NULL PRIMARY KEY,
                    name TEXT NOT NULL,
                    spdx_id TEXT
                ) WITHOUT ROWID;
                CREATE TABLE \(unrankedUsersTable) (
                    id INTEGER PRIMARY KEY,
                \(userColumns)
                );
                CREATE TABLE repositories (
                    id INTEGER PRIMARY KEY,
                    owner_id INTEGER NOT NULL REFERENCES users(id),
                    name TEXT NOT NULL COLLATE NOCASE,
                    description TEXT,
                    fork INTEGER NOT NULL,
                    homepage TEXT,
                    language TEXT,
                    license_key TEXT REFERENCES licenses(key),
                    stargazers_count INTEGER NOT NULL,
                    forks_count INTEGER NOT NULL,
                    watchers_count INTEGER NOT NULL,
                    open_issues_count INTEGER NOT NULL,
                    topics TEXT NOT NULL, -- space-separated: GitHub topics are [a-z0-9-] only
                    default_branch TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    pushed_at TEXT
                );
                CREATE UNIQUE INDEX repositories_by_owner_and_name ON repositories(owner_id, name);
                CREATE INDEX repositories_by_owner_and_stars ON repositories(owner_id, stargazers_count DESC, name);
                """)
        return try createUserSearchIndex(in: db)
    }

    /// Writes `users` keyed by rank, most to least followed, from the users written so far, so the
    /// table's rows lie in the popular list's order: a window of it, wherever it starts, is one
    /// range of the table's key on a few neighbouring pages (keyed by id, each of a window's users
    /// lay on a page of its own). Call once all users are written.
    static func rankUsersByPopularity(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE users (
                    rank INTEGER PRIMARY KEY,
                    id INTEGER NOT NULL UNIQUE,
                \(userColumns)
                );
                INSERT INTO users SELECT row_number() OVER (ORDER BY followers DESC, login) - 1, * FROM \(unrankedUsersTable) ORDER BY 1;
                DROP TABLE \(unrankedUsersTable);
                CREATE INDEX users_by_followers ON users(followers DESC, login);
                """)
    }

    /// Fills the search index from `users`; call once all users are written.
    static func rebuildUserSearchIndex(in db: Database) throws {
        guard try hasUserSearchIndex(db) else { return }
        try db.execute(sql: "INSERT INTO \(userSearchTable)(\(userSearchTable)) VALUES('rebuild')")
    }

    static func hasUserSearchIndex(_ db: Database) throws -> Bool {
        try db.tableExists(userSearchTable)
    }

    private static func createUserSearchIndex(in db: Database) throws -> Bool {
        do {
            // External content: the index stores trigrams only, reading text from `users`.
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE \(userSearchTable) USING fts5(
                        login, name, content='users', content_rowid='rank', tokenize='trigram')
                    """)
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            return false  // No FTS5 or no trigram tokenizer in this SQLite.
        }
    }
}
