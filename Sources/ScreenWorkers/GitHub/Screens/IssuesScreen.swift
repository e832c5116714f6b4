import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// A repository's issues, newest first, without the pull requests GitHub's issue list holds.
enum IssuesScreen: IssueList {
    static let descriptor = ScreenDescriptor(
        kind: "issues", description: "A repository's issues, newest first; the query filters by title",
        params: GitHubNavigation.listParams)
    static let noun = "issues"
    static let itemKind = IssueScreen.descriptor.kind

    static func loader(_ source: any GitHubSource, owner: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue> {
        source.issues(owner: owner, name: name, filter: filter).filtered { !$0.isPullRequest }
    }
}
