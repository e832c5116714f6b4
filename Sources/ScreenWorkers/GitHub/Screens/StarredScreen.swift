import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// The repositories a user starred, most recently starred first. Params: `{login: string}`. The
/// query keeps repositories whose name or description contains it.
struct StarredScreen: GitHubScreen {
    static let descriptor = ScreenDescriptor(
        kind: "starred", description: "The repositories a user starred, most recently starred first",
        params: [GitHubNavigation.loginParam: ParamSpec(.string, required: true, description: "the user's login")])
    let login: String
    private let source: any GitHubSource

    init(params: JSONValue, source: any GitHubSource) throws {
        login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        self.source = source
    }

    var title: String { "Starred by \(login)" }

    func sections(for query: String) -> [SectionSource<GitHubRepository>] {
        [.filtered(
            id: "starred", header: "Starred", emptyFooter: "\(login) has starred nothing", noun: "starred repositories",
            query: query, loader: source.starredRepositories(of: login), matches: RepositoryRow.matches)]
    }

    func row(for repository: GitHubRepository) -> Row { RepositoryRow.row(for: repository, showingOwner: true) }

    func actionTarget(for repository: GitHubRepository, row: Row) -> ActionTarget {
        GitHubActions.repository(repository, source: source) { [self] in [self.row(for: $0)] }
    }

    func selection(for repository: GitHubRepository) -> SelectionAction { GitHubNavigation.repository(repository) }
}
