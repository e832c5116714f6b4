import GitHubModels
import ListController
import UVKit

/// The issue, pull request, README, repository search and stars reads of the snapshot.
extension SnapshotSource {
    /// What a snapshot without these tables answers.
    static func notInSnapshot(_ what: String) -> ScreenError {
        .dataUnavailable("this snapshot holds no \(what)")
    }

    private func unavailable<Item>(_ what: String) -> SectionLoader<Item> {
        .pages(pageSize: Self.pageSize) { _, completion in
            completion(.failure(Self.notInSnapshot(what)))
            return nil
        }
    }

    private func unavailable<Value>(_ what: String, _ completion: (Result<Value, any Error>) -> Void) -> Cancellable? {
        completion(.failure(Self.notInSnapshot(what)))
        return nil
    }

    public func issues(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue> {
        unavailable("issues")
    }

    public func issue(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void) -> Cancellable? {
        unavailable("issues", completion)
    }

    public func comments(owner login: String, name: String, number: Int) -> SectionLoader<GitHubComment> {
        unavailable("comments")
    }

    public func pullRequests(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest> {
        unavailable("pull requests")
    }

    public func pullRequest(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void) -> Cancellable? {
        unavailable("pull requests", completion)
    }

    public func readme(owner login: String, name: String, completion: @escaping (Result<GitHubReadme, any Error>) -> Void) -> Cancellable? {
        unavailable("READMEs", completion)
    }

    public func searchRepositories(_ query: String) -> SectionLoader<GitHubSearchItem<GitHubRepository>> {
        unavailable("repository search")
    }

    public func starredRepositories(of login: String) -> SectionLoader<GitHubRepository> {
        unavailable("stars")
    }
}
