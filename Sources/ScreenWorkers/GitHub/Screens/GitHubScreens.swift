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
        switch kind {
        case .users:
            return ListController(screen: try UsersScreen(params: params, source: source), loop: loop, debounceMilliseconds: debounceMilliseconds)
        case .repositories:
            return ListController(screen: try RepositoriesScreen(params: params, source: source), loop: loop, debounceMilliseconds: debounceMilliseconds)
        case .repository:
            return ListController(screen: try RepositoryScreen(params: params, source: source), loop: loop, debounceMilliseconds: debounceMilliseconds)
        }
    }
}
