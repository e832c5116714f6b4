import ListController
import NavProtocol
import UVKit

/// The GitHub app's screens: the one place that maps a screen kind to its screen.
public enum GitHubScreens {
    /// A controller for a screen of `kind` over a data source.
    /// - Throws: `ScreenError.invalidParams` when the params are invalid; a screen whose params
    ///   name nothing in the data fails its first load with `.notFound`.
    public static func makeController(
        kind: ScreenKind, params: JSONValue, source: any GitHubSource, loop: UVLoop? = nil, debounceMilliseconds: UInt64 = 0
    ) throws -> any ScreenController {
        func controller<S: ListScreen>(_ screen: S) -> any ScreenController {
            ListController(screen: screen, loop: loop, debounceMilliseconds: debounceMilliseconds)
        }
        switch kind {
        case .users: return controller(try UsersScreen(params: params, source: source))
        case .repositories: return controller(try RepositoriesScreen(params: params, source: source))
        case .repository: return controller(try RepositoryScreen(params: params, source: source))
        case .followers: return controller(try FollowersScreen(params: params, source: source))
        }
    }
}
