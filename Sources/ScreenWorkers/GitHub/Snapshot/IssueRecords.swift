import Foundation
import GitHubModels
import GRDB

/// How issue, pull request and comment rows become models. URLs, the accounts' fields, labels'
/// colours and commit ids are derived here.
enum IssueRecords {
    /// Selects issues (`i`) with their author, assignee, body and repository's full name.
    static let issueSelect = """
        SELECT i.*, a.login AS author_login, a.type AS author_type, a.site_admin AS author_site_admin,
            s.login AS assignee_login, s.type AS assignee_type, s.site_admin AS assignee_site_admin,
            t.markdown AS body, o.login AS owner_login, r.name AS repository_name
        FROM issues i
        JOIN users a ON a.id = i.author_id
        LEFT JOIN users s ON s.id = i.assignee_id
        LEFT JOIN texts t ON t.id = i.body_id
        JOIN repositories r ON r.id = i.repository_id
        JOIN users o ON o.id = r.owner_id
        """

    /// `issueSelect` with each pull request's facts (`p`).
    static let pullSelect = issueSelect.replacingOccurrences(of: "SELECT i.*,", with: "SELECT i.*, p.*, o.id AS owner_id,")
        + "\nJOIN pull_requests p ON p.id = i.id"

    /// An account's fields as a row carries them under a prefix ("author_"), with `id` beside.
    fileprivate static func account(_ row: Row, id: Int, login: Int, type: Int, siteAdmin: Int) -> GitHubUser {
        let login: String = row[login]
        return GitHubUser(
            login: login, id: id, type: GitHubAccountType(rawValue: row[type]), siteAdmin: row[siteAdmin],
            avatarURL: GitHubURLs.avatar(userID: id), htmlURL: GitHubURLs.profile(login: login))
    }

    /// A commit id for a pull request's branch: the snapshot stores no commits, so one is derived
    /// from the pull request's id and the branch, the same on every read.
    /// Written digit by digit: a pull list reads two per row, and `String(_:radix:)` with padding
    /// and `joined()` made them most of a window's cost (list bench, "large repository").
    static func sha(_ id: Int, _ ref: String) -> String {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: id) ^ ref.hashValueStable)
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 40) { buffer in
            for word in 0..<5 {
                let value = random.next() >> 32
                for digit in 0..<8 { buffer[word * 8 + digit] = digits[Int((value >> UInt64(28 - digit * 4)) & 0xF)] }
            }
            return 40
        }
    }
}

/// An issue or a pull request, as the issue tables store both.
protocol IssueTableRecord: SnapshotRecord, Sendable {
    /// The select its rows are read with (an issue list's `i` and its joins).
    static var select: String { get }
    var conversation: GitHubConversationFields { get }
}

extension GitHubIssue: IssueTableRecord {
    static var select: String { IssueRecords.issueSelect }

    struct Columns {
        let id, number, isPull, state, stateReason, title, authorID, authorLogin, authorType, authorSiteAdmin: Int
        let assigneeID, assigneeLogin, assigneeType, assigneeSiteAdmin, labels, comments, body: Int
        let createdAt, updatedAt, closedAt, ownerLogin, repositoryName: Int
    }

    static func columns(_ position: ColumnPositions) throws -> Columns {
        try Columns(
            id: position("id"), number: position("number"), isPull: position("is_pull"), state: position("state"),
            stateReason: position("state_reason"), title: position("title"), authorID: position("author_id"),
            authorLogin: position("author_login"), authorType: position("author_type"), authorSiteAdmin: position("author_site_admin"),
            assigneeID: position("assignee_id"), assigneeLogin: position("assignee_login"), assigneeType: position("assignee_type"),
            assigneeSiteAdmin: position("assignee_site_admin"), labels: position("labels"), comments: position("comments"),
            body: position("body"), createdAt: position("created_at"), updatedAt: position("updated_at"),
            closedAt: position("closed_at"), ownerLogin: position("owner_login"), repositoryName: position("repository_name"))
    }

    init(snapshotRow row: Row, _ column: Columns) {
        let number: Int = row[column.number]
        let isPull: Bool = row[column.isPull]
        let assigneeID: Int? = row[column.assigneeID]
        let repository = GitHubURLs.repository(owner: row[column.ownerLogin], name: row[column.repositoryName])
        self.init(
            id: row[column.id], number: number, title: row[column.title],
            user: IssueRecords.account(row, id: row[column.authorID], login: column.authorLogin, type: column.authorType, siteAdmin: column.authorSiteAdmin),
            state: GitHubIssueState(rawValue: row[column.state]), stateReason: (row[column.stateReason] as String?).map(GitHubStateReason.init),
            labels: LabelCatalog.labels(stored: row[column.labels]),
            assignees: assigneeID.map { [IssueRecords.account(row, id: $0, login: column.assigneeLogin, type: column.assigneeType, siteAdmin: column.assigneeSiteAdmin)] } ?? [],
            comments: row[column.comments], body: row[column.body],
            htmlURL: "\(repository)/\(isPull ? "pull" : "issues")/\(number)",
            createdAt: row[column.createdAt], updatedAt: row[column.updatedAt], closedAt: row[column.closedAt], isPullRequest: isPull)
    }
}

extension GitHubPullRequest: IssueTableRecord {
    static var select: String { IssueRecords.pullSelect }

    struct Columns {
        let issue: GitHubIssue.Columns
        let baseRef, headRef, fromFork, draft, mergedAt, mergeable, additions, deletions, changedFiles, commits, ownerID: Int
    }

    static func columns(_ position: ColumnPositions) throws -> Columns {
        try Columns(
            issue: GitHubIssue.columns(position), baseRef: position("base_ref"), headRef: position("head_ref"),
            fromFork: position("from_fork"), draft: position("draft"), mergedAt: position("merged_at"),
            mergeable: position("mergeable"), additions: position("additions"), deletions: position("deletions"),
            changedFiles: position("changed_files"), commits: position("commits"), ownerID: position("owner_id"))
    }

    init(snapshotRow row: Row, _ column: Columns) {
        let issue = GitHubIssue(snapshotRow: row, column.issue)
        let owner: String = row[column.issue.ownerLogin]
        let name: String = row[column.issue.repositoryName]
        let baseRef: String = row[column.baseRef]
        let headRef: String = row[column.headRef]
        let fromFork: Bool = row[column.fromFork]
        let headOwner = fromFork ? issue.user.login : owner
        let mergedAt: String? = row[column.mergedAt]
        let ownerID: Int = row[column.ownerID]
        self.init(
            id: issue.id, number: issue.number, title: issue.title, user: issue.user, state: issue.state, draft: row[column.draft],
            labels: issue.labels, assignees: issue.assignees, body: issue.body, htmlURL: issue.htmlURL,
            createdAt: issue.createdAt, updatedAt: issue.updatedAt, closedAt: issue.closedAt, mergedAt: mergedAt,
            base: GitHubBranchRef(label: "\(owner):\(baseRef)", ref: baseRef, sha: IssueRecords.sha(issue.id, baseRef), repositoryFullName: "\(owner)/\(name)"),
            head: GitHubBranchRef(label: "\(headOwner):\(headRef)", ref: headRef, sha: IssueRecords.sha(issue.id, headRef), repositoryFullName: "\(headOwner)/\(name)"),
            merged: mergedAt != nil, mergeable: row[column.mergeable],
            mergedBy: mergedAt == nil ? nil : GitHubUser(login: owner, id: ownerID, type: nil, siteAdmin: nil, avatarURL: GitHubURLs.avatar(userID: ownerID), htmlURL: GitHubURLs.profile(login: owner)),
            additions: row[column.additions], deletions: row[column.deletions], changedFiles: row[column.changedFiles],
            commits: row[column.commits], comments: issue.comments)
    }
}

extension GitHubComment: SnapshotRecord {
    struct Columns {
        let id, issueURL, authorID, authorLogin, authorType, authorSiteAdmin, body, createdAt: Int
    }

    static func columns(_ position: ColumnPositions) throws -> Columns {
        try Columns(
            id: position("id"), issueURL: position("issue_url"), authorID: position("author_id"), authorLogin: position("author_login"),
            authorType: position("author_type"), authorSiteAdmin: position("author_site_admin"), body: position("body"),
            createdAt: position("created_at"))
    }

    init(snapshotRow row: Row, _ column: Columns) {
        let id: Int = row[column.id]
        let issueURL: String = row[column.issueURL]
        let created: String = row[column.createdAt]
        self.init(
            id: id,
            user: IssueRecords.account(row, id: row[column.authorID], login: column.authorLogin, type: column.authorType, siteAdmin: column.authorSiteAdmin),
            body: row[column.body], htmlURL: "\(issueURL)#issuecomment-\(id)", createdAt: created, updatedAt: created)
    }
}

extension String {
    /// A hash that is the same in every process (Swift's `hashValue` is seeded per process).
    fileprivate var hashValueStable: UInt64 {
        utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
