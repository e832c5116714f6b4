import GitHubModels

/// An issue's or pull request's state in words: "Open", "Closed as completed", "Closed as not
/// planned", "Reopened", "Merged", "Draft".
enum IssueStateText {
    static func of(_ issue: GitHubIssue) -> String {
        switch (issue.state, issue.stateReason) {
        case (.open, .reopened?): return "Reopened"
        case (.open, _): return "Open"
        case (.closed, let reason?): return "Closed as \(reason.rawValue.replacingUnderscores)"
        default: return issue.state.rawValue.capitalisedWord
        }
    }

    static func of(_ pull: GitHubPullRequest) -> String {
        if pull.isMerged { return "Merged" }
        if pull.state == .open && pull.draft { return "Draft" }
        return pull.state.rawValue.capitalisedWord
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
    fileprivate var capitalisedWord: String { prefix(1).uppercased() + dropFirst() }
}
