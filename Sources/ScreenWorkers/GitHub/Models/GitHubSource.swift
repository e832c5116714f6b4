import ListController
import UVKit

/// Where the GitHub screens get their data, asynchronously on the worker's loop: the bundled
/// snapshot (`SnapshotSource`) or the live API. Each list comes as a `SectionLoader`, so the
/// source decides how it is read: the snapshot's popular users are random-access (any window,
/// any depth), the API's lists are pages that follow `Link` headers.
///
/// One method per shape of data, not per screen: a new list of a user's related accounts is a
/// new `AccountRelation`, which both sources read without a new method.
public protocol GitHubSource: AnyObject {
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
}

/// A list of accounts related to one user, named as GitHub's REST API names it: the live source
/// reads `GET /users/{login}/{name}`, the snapshot its query of that name
/// (`SnapshotStore.relationQueries`).
public struct AccountRelation: Sendable, Hashable {
    /// The last segment of the API's path: "followers", "following".
    public let name: String

    public init(_ name: String) { self.name = name }
}
