import GRDB

/// The tables of issues, pull requests, comments, READMEs and stars, and the search indexes over
/// issue titles and repositories.
///
/// `issues` holds issues and pull requests alike (GitHub numbers them in one sequence per
/// repository), keyed by GitHub's id. A repository's items are written together in number order
/// with increasing ids, so they are one range of the key (`issue_ranges`), and newest first is
/// that range read backwards. Each item has its rank, newest first, among the repository's items
/// of its kind (`kind_rank`) and of its kind and state (`state_rank`): a window of any list, at
/// any depth, is a range of one index (`issues_by_state`, `issues_by_kind`), and its total is in
/// `issue_ranges`. `issues_search` is an FTS5 trigram index over titles whose rowid is the
/// issue's id, so a title search reads only the repository's range of it; like
/// `repositories_search`, it exists only in snapshots large enough to need it
/// (`createIssueSearchIndexes`).
///
/// Bodies, comments and READMEs point into `texts` (generated texts are shared by many items; a
/// README's text may hold `{{name}}`-style fields the reader fills from its repository).
/// `stars` lists who starred what, most recent first; `repositories_search` is a trigram index
/// over repository names and descriptions, `repositories_by_stars` their most-starred order.
extension SnapshotSchema {
    static let issueTables = ["texts", "issues", "pull_requests", "issue_ranges", "comments", "readmes", "stars"]
    static let issueSearchTable = "issues_search"
    static let repositorySearchTable = "repositories_search"

    static func createIssueTables(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE texts (
                    id INTEGER PRIMARY KEY,
                    markdown TEXT NOT NULL
                );
                CREATE TABLE issues (
                    id INTEGER PRIMARY KEY,
                    repository_id INTEGER NOT NULL REFERENCES repositories(id),
                    number INTEGER NOT NULL,
                    is_pull INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    state_reason TEXT,
                    kind_rank INTEGER NOT NULL,
                    state_rank INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    author_id INTEGER NOT NULL REFERENCES users(id),
                    assignee_id INTEGER REFERENCES users(id),
                    labels TEXT NOT NULL, -- label names separated by ',' (names hold spaces)
                    comments INTEGER NOT NULL,
                    body_id INTEGER REFERENCES texts(id),
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    closed_at TEXT
                );
                CREATE UNIQUE INDEX issues_by_number ON issues(repository_id, number);
                CREATE INDEX issues_by_state ON issues(repository_id, is_pull, state, state_rank);
                CREATE INDEX issues_by_kind ON issues(repository_id, is_pull, kind_rank);
                CREATE TABLE pull_requests (
                    id INTEGER PRIMARY KEY REFERENCES issues(id),
                    base_ref TEXT NOT NULL,
                    head_ref TEXT NOT NULL,
                    from_fork INTEGER NOT NULL,
                    draft INTEGER NOT NULL,
                    merged_at TEXT,
                    mergeable INTEGER,
                    additions INTEGER NOT NULL,
                    deletions INTEGER NOT NULL,
                    changed_files INTEGER NOT NULL,
                    commits INTEGER NOT NULL
                );
                CREATE TABLE issue_ranges (
                    repository_id INTEGER PRIMARY KEY REFERENCES repositories(id),
                    first_id INTEGER NOT NULL,
                    last_id INTEGER NOT NULL,
                    open_issues INTEGER NOT NULL,
                    closed_issues INTEGER NOT NULL,
                    open_pulls INTEGER NOT NULL,
                    closed_pulls INTEGER NOT NULL
                );
                CREATE TABLE comments (
                    issue_id INTEGER NOT NULL REFERENCES issues(id),
                    id INTEGER NOT NULL,
                    author_id INTEGER NOT NULL REFERENCES users(id),
                    body_id INTEGER NOT NULL REFERENCES texts(id),
                    created_at TEXT NOT NULL,
                    PRIMARY KEY (issue_id, id)
                ) WITHOUT ROWID;
                CREATE TABLE readmes (
                    repository_id INTEGER PRIMARY KEY REFERENCES repositories(id),
                    name TEXT NOT NULL,
                    text_id INTEGER NOT NULL REFERENCES texts(id)
                );
                CREATE TABLE stars (
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    starred_at TEXT NOT NULL,
                    repository_id INTEGER NOT NULL REFERENCES repositories(id),
                    PRIMARY KEY (user_id, starred_at, repository_id)
                ) WITHOUT ROWID;
                CREATE INDEX repositories_by_stars ON repositories(stargazers_count DESC, id);
                """)
    }

    /// A table with fewer rows than this is searched by reading it: an index would cost more
    /// space than the reads it saves (the bundled snapshot's few thousand repositories are read
    /// in about a millisecond).
    static let searchIndexThreshold = 50_000

    /// Makes the trigram indexes over issue titles and over repository names and descriptions,
    /// for tables of `searchIndexThreshold` rows or more, where this SQLite has the trigram
    /// tokenizer; call once everything is written.
    static func createIssueSearchIndexes(in db: Database) throws {
        guard try hasUserSearchIndex(db) else { return }
        let indexes = [
            (issueSearchTable, "issues", "title"), (repositorySearchTable, "repositories", "name, description"),
        ]
        for (table, content, columns) in indexes {
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM \(content) LIMIT \(searchIndexThreshold))") == searchIndexThreshold
            else { continue }
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE \(table) USING fts5(
                        \(columns), content='\(content)', content_rowid='id', tokenize='trigram', columnsize=0);
                    INSERT INTO \(table)(\(table)) VALUES('rebuild');
                    """)
        }
    }
}
