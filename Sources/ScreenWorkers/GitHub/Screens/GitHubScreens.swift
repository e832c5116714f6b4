import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// A GitHub screen: a `ListScreen` that declares, in its own file, its kind, description and
/// params (`descriptor`), and opens over any `GitHubSource`.
public protocol GitHubScreen: ListScreen {
    /// What the host publishes and checks a push against (docs/adding-a-screen.md).
    static var descriptor: ScreenDescriptor { get }
    /// - Throws: `ScreenError.invalidParams` when the params are invalid; a screen whose params
    ///   name nothing in the data fails its first load with `.notFound`.
    init(params: JSONValue, source: any GitHubSource) throws
}

extension GitHubScreen {
    /// The kind pushes of this screen name.
    public static var kind: ScreenKind { descriptor.kind }

    fileprivate static func controller(
        params: JSONValue, source: any GitHubSource, loop: UVLoop?, debounceMilliseconds: UInt64
    ) throws -> any ScreenController {
        ListController(screen: try Self(params: params, source: source), loop: loop, debounceMilliseconds: debounceMilliseconds)
    }
}

/// The registry of the GitHub app's screens: the workers open them and publish their descriptors
/// from here. A new screen is its own file and its line in `all`.
public enum GitHubScreens {
    public static var all: [any GitHubScreen.Type] { [
        UsersScreen.self, RepositoriesScreen.self, RepositoryScreen.self,
        RelatedAccountsScreen<FollowersScreen>.self, RelatedAccountsScreen<FollowingScreen>.self,
        IssueListScreen<IssuesScreen>.self,
        ConversationScreen<IssueScreen>.self,
        IssueListScreen<PullsScreen>.self,
        ConversationScreen<PullScreen>.self,
        ReadmeScreen.self,
        RepositorySearchScreen.self,
        StarredScreen.self,
    ] }

    /// The screens a deep link names (`worker/resolvePath`), or why it names none.
    public static func resolve(path: String) throws(RPCError) -> ResolvedPath {
        try GitHubDeepLink(parsing: path).resolved
    }

    /// Every screen's descriptor, in kind order.
    public static var descriptors: [ScreenDescriptor] { all.map { $0.descriptor }.sorted { $0.kind < $1.kind } }

    /// A controller for a screen of `kind` over a data source.
    /// - Throws: `ScreenError.invalidParams` for an unknown kind or invalid params; a screen whose
    ///   params name nothing in the data fails its first load with `.notFound`.
    public static func makeController(
        kind: ScreenKind, params: JSONValue, source: any GitHubSource, loop: UVLoop? = nil, debounceMilliseconds: UInt64 = 0
    ) throws -> any ScreenController {
        guard let screen = all.first(where: { $0.kind == kind }) else {
            throw ScreenError.invalidParams("this worker has no screen of kind '\(kind)'")
        }
        return try screen.controller(params: params, source: source, loop: loop, debounceMilliseconds: debounceMilliseconds)
    }
}
