/// An issue's or pull request's `state`: "open" or "closed" (a merged pull request is "closed"
/// with `merged_at` set).
public struct GitHubIssueState: RawRepresentable, Codable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let open = GitHubIssueState(rawValue: "open")
    public static let closed = GitHubIssueState(rawValue: "closed")
}

/// Why an issue is in its state (`state_reason`, sent since 2022; absent or null before). Not a
/// closed enum: GitHub added "duplicate" in 2025, and an unknown reason must still decode.
public struct GitHubStateReason: RawRepresentable, Codable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let completed = GitHubStateReason(rawValue: "completed")
    public static let notPlanned = GitHubStateReason(rawValue: "not_planned")
    public static let reopened = GitHubStateReason(rawValue: "reopened")
    public static let duplicate = GitHubStateReason(rawValue: "duplicate")
}

/// Which issues or pull requests a list holds, as GitHub's `state` query parameter names them.
public enum GitHubStateFilter: String, Sendable, Hashable, CaseIterable {
    case open
    case closed
    case all
}

/// What an issue or pull request list is asked for: the state, and text its titles contain
/// (ignoring case; empty for every title).
public struct GitHubIssueFilter: Sendable, Hashable {
    public var state: GitHubStateFilter
    public var titleContains: String

    public init(state: GitHubStateFilter = .open, titleContains: String = "") {
        self.state = state
        self.titleContains = titleContains
    }
}
