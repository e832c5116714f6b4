import ListController
import NavProtocol

/// The GitHub app's screens: the one place that maps a screen kind to its screen.
public enum GitHubScreens {
    /// A controller for a screen of `kind` over the snapshot.
    /// - Throws: `ScreenError` when the params are invalid or name nothing in the data.
    public static func makeController(
        kind: ScreenKind, params: JSONValue, store: SnapshotStore
    ) throws -> any ScreenController {
        try makeController(kind: kind, params: params, source: store)
    }

    /// A controller for a screen of `kind` over any data source.
    public static func makeController(
        kind: ScreenKind, params: JSONValue, source: any GitHubDataSource
    ) throws -> any ScreenController {
        switch kind {
        case .users: return ListController(screen: try UsersScreen(params: params, source: source))
        case .repositories: return ListController(screen: try RepositoriesScreen(params: params, source: source))
        case .repository: return ListController(screen: try RepositoryScreen(params: params, source: source))
        }
    }
}
