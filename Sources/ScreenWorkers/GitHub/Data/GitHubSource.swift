import GitHubModels
import ListController
import UVKit

/// Where the GitHub screens get their data, asynchronously on the worker's loop: the bundled
/// snapshot (`SnapshotSource`) or the live API. Each list comes as a `SectionLoader`, so the
/// source decides how it is read: the snapshot's popular users are random-access (any window,
/// any depth), the API's lists are pages that follow `Link` headers.
///
/// One method per shape of data, not per screen: a new list of a user's related accounts is a
/// new `AccountRelation`, which both sources read without a new method.
public protocol GitHubSource: GitHubWriting {
    /// Everyone, most followed first.
    func popularUsers() -> SectionLoader<GitHubUser>
    /// Users whose login or name contains `query`: exact login first, then prefix, then substring.
    func searchUsers(_ query: String) -> SectionLoader<GitHubUser>
    /// The account's repositories, most starred first; fails with `ScreenError.notFound` for an unknown login.
    func repositories(owner login: String) -> SectionLoader<GitHubRepository>
    /// The accounts related to `login` by `relation` (its followers, those it follows); fails
    /// with `ScreenError.notFound` for an unknown login.
    func accounts(_ relation: AccountRelation, of login: String) -> SectionLoader<GitHubUser>
    /// One repository; fails with `ScreenError.notFound` when there is none.
    func repository(owner login: String, name: String, completion: @escaping (Result<GitHubRepository, any Error>) -> Void) -> Cancellable?

    /// The repository's issues in `filter`'s state whose title contains its text, newest first.
    /// As GitHub's issue list, it may hold pull requests, marked `isPullRequest` (the screens
    /// leave them out); fails with `ScreenError.notFound` for an unknown repository.
    func issues(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue>
    /// One issue (or pull request, as an issue); fails with `ScreenError.notFound` when there is none.
    func issue(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void) -> Cancellable?
    /// The conversation of an issue or pull request, oldest first; fails with `ScreenError.notFound`
    /// when there is no such issue or pull request.
    func comments(owner login: String, name: String, number: Int) -> SectionLoader<GitHubComment>
    /// The repository's pull requests in `filter`'s state whose title contains its text, newest
    /// first, without the counts only a single pull request carries; fails with
    /// `ScreenError.notFound` for an unknown repository.
    func pullRequests(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest>
    /// One pull request with its counts and merge facts; fails with `ScreenError.notFound` when there is none.
    func pullRequest(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void) -> Cancellable?
    /// The repository's README; fails with `ScreenError.notFound` when the repository or its README does not exist.
    func readme(owner login: String, name: String, completion: @escaping (Result<GitHubReadme, any Error>) -> Void) -> Cancellable?
    /// Repositories matching `query`, most starred first: first the search's `.total`, then at
    /// most `GitHubSearchTotal.resultCap` results.
    func searchRepositories(_ query: String) -> SectionLoader<GitHubSearchItem<GitHubRepository>>
    /// The repositories `login` starred, most recently starred first; fails with
    /// `ScreenError.notFound` for an unknown login.
    func starredRepositories(of login: String) -> SectionLoader<GitHubRepository>
}
