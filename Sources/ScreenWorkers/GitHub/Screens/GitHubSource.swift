import ListController
import UVKit

/// Where the GitHub screens get their data, asynchronously on the worker's loop: the bundled
/// snapshot (`SnapshotSource`) or the live API. Each list comes as a `SectionLoader`, so the
/// source decides how it is read: the snapshot's popular users are random-access (any window,
/// any depth), the API's lists are pages that follow `Link` headers.
public protocol GitHubSource: AnyObject {
    /// Everyone, most followed first.
    func popularUsers() -> SectionLoader<GitHubUser>
    /// Users whose login or name contains `query`: exact login first, then prefix, then substring.
    func searchUsers(_ query: String) -> SectionLoader<GitHubUser>
    /// The account's repositories, most starred first; fails with `ScreenError.notFound` for an unknown login.
    func repositories(owner login: String) -> SectionLoader<GitHubRepository>
    /// The account's followers, most followed first; fails with `ScreenError.notFound` for an unknown login.
    func followers(of login: String) -> SectionLoader<GitHubUser>
    /// One repository; fails with `ScreenError.notFound` when there is none.
    func repository(owner login: String, name: String, completion: @escaping (Result<GitHubRepository, any Error>) -> Void) -> Cancellable?
}
