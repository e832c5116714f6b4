/// A list of accounts related to one user, named as GitHub's REST API names it: the live source
/// reads `GET /users/{login}/{name}`, the snapshot its query of that name
/// (`SnapshotStore.relationQueries`).
public struct AccountRelation: Sendable, Hashable {
    /// The last segment of the API's path: "followers", "following".
    public let name: String

    public init(_ name: String) { self.name = name }
}
