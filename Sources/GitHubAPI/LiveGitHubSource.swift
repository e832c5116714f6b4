import GitHubModels
import ListController
import UVKit

extension GitHubAPITask: Cancellable {}

/// The live GitHub REST API as a `GitHubSource`: every list is read in pages that follow the
/// `Link` header, a superseded load's request is removed from libcurl at once, and saved data
/// served while GitHub is unreachable is marked stale.
public final class LiveGitHubSource: GitHubSource {
    public let api: GitHubAPIClient
    /// GitHub has no "everyone" list; the popular list is this search, best matches first.
    public static let popularQuery = "followers:>1000"

    public init(api: GitHubAPIClient) {
        self.api = api
    }

    public func popularUsers() -> SectionLoader<GitHubUser> {
        searchUsers(Self.popularQuery)
    }

    public func searchUsers(_ query: String) -> SectionLoader<GitHubUser> {
        paged { cursor, completion in
            self.api.searchUsers(query: query, page: cursor) { completion($0.map { $0.map(\.items) }) }
        }
    }

    public func repositories(owner login: String) -> SectionLoader<GitHubRepository> {
        paged { cursor, completion in
            self.api.userRepositories(login: login, page: cursor, completion: completion)
        }
    }

    public func accounts(_ relation: AccountRelation, of login: String) -> SectionLoader<GitHubUser> {
        paged { cursor, completion in
            self.api.accounts(relation, of: login, page: cursor, completion: completion)
        }
    }

    public func repository(owner login: String, name: String, completion: @escaping (Result<GitHubRepository, any Error>) -> Void) -> Cancellable? {
        api.repository(owner: login, name: name) { result in
            completion(result.map(\.value).mapError(Self.screenError))
        }
    }

    /// Adapts an endpoint whose pages are `Link` URLs to the controller's paged loader.
    private func paged<Item>(
        _ fetch: @escaping (String?, @escaping (Result<GitHubResult<[Item]>, GitHubAPIError>) -> Void) -> GitHubAPITask
    ) -> SectionLoader<Item> {
        .pages(pageSize: 30) { cursor, completion in
            fetch(cursor?.value) { result in
                completion(result.map { page in
                    Page(items: page.value, next: page.nextPage.map(PageCursor.init), staleReason: page.staleReason?.message)
                }.mapError(Self.screenError))
            }
        }
    }

    /// A 404 means the params name nothing (the push fails); anything else is shown as the
    /// section's error state with GitHub's actionable message (rate limit reset time, bad token…).
    static func screenError(_ error: GitHubAPIError) -> any Error {
        error.kind == .notFound ? ScreenError.notFound(error.message) : ScreenError.sourceFailed(message: error.message, data: error.data)
    }
}

/// The issue, pull request, README, repository search and stars lists are not read from the live
/// API yet: each load fails with this error, shown in its section's footer.
extension LiveGitHubSource {
    static func notYetAvailable(_ what: String) -> ScreenError {
        .dataUnavailable("\(what) is not available from the live source yet")
    }

    private func unavailable<Item>(_ what: String) -> SectionLoader<Item> {
        .pages(pageSize: 30) { _, completion in
            completion(.failure(Self.notYetAvailable(what)))
            return nil
        }
    }

    private func unavailable<Value>(_ what: String, _ completion: (Result<Value, any Error>) -> Void) -> Cancellable? {
        completion(.failure(Self.notYetAvailable(what)))
        return nil
    }

    public func issues(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue> {
        unavailable("a repository's issue list")
    }

    public func issue(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void) -> Cancellable? {
        unavailable("an issue", completion)
    }

    public func comments(owner login: String, name: String, number: Int) -> SectionLoader<GitHubComment> {
        unavailable("an issue's comments")
    }

    public func pullRequests(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest> {
        unavailable("a repository's pull request list")
    }

    public func pullRequest(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void) -> Cancellable? {
        unavailable("a pull request", completion)
    }

    public func readme(owner login: String, name: String, completion: @escaping (Result<GitHubReadme, any Error>) -> Void) -> Cancellable? {
        unavailable("a README", completion)
    }

    public func searchRepositories(_ query: String) -> SectionLoader<GitHubSearchItem<GitHubRepository>> {
        unavailable("repository search")
    }

    public func starredRepositories(of login: String) -> SectionLoader<GitHubRepository> {
        unavailable("a user's stars")
    }
}
