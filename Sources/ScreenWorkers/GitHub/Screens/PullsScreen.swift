import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// A repository's pull requests, newest first.
enum PullsScreen: IssueList {
    static let descriptor = ScreenDescriptor(
        kind: "pulls", description: "A repository's pull requests, newest first; the query filters by title",
        params: GitHubNavigation.listParams)
    static let noun = "pull requests"
    static let itemKind = PullScreen.descriptor.kind

    static func loader(_ source: any GitHubSource, owner: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest> {
        source.pullRequests(owner: owner, name: name, filter: filter)
    }
}
