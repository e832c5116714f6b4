import GitHubModels
import ListController
import NavProtocol

/// One account's repositories, most starred first. Params: `{login: string}`. The query keeps
/// repositories whose name or description contains it.
public struct RepositoriesScreen: GitHubScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "repositories", description: "One account's repositories, most starred first",
        params: [GitHubNavigation.loginParam: ParamSpec(.string, required: true, description: "the account's login")])
    public let login: String
    private let source: any GitHubSource

    /// - Throws: `ScreenError.invalidParams` without a login; an unknown one fails the first load.
    public init(params: JSONValue, source: any GitHubSource) throws {
        login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        self.source = source
    }

    public var title: String { "\(login)'s repositories" }

    public func sections(for query: String) -> [SectionSource<GitHubRepository>] {
        [.filtered(
            id: "repositories", header: "Repositories", emptyFooter: "\(login) has no public repositories", noun: "repositories",
            query: query, loader: source.repositories(owner: login)
        ) { repository, search in
            repository.name.containsIgnoringCase(search) || (repository.description ?? "").containsIgnoringCase(search)
        }]
    }

    public func row(for repository: GitHubRepository) -> Row {
        let stars = "★ \(CountFormat.abbreviated(repository.stargazersCount))"
        let facts = [repository.language.nonBlank, stars, repository.fork ? "fork" : nil]
        return Row(
            id: "repo:\(repository.fullName)", kind: RowKind.repository, title: repository.name,
            subtitle: repository.description.nonBlank, detail: facts.compactMap { $0 }.joined(separator: " · "),
            accessory: .disclosure, values: RowValues.repository(repository))
    }

    public func selection(for repository: GitHubRepository) -> SelectionAction {
        GitHubNavigation.repository(repository)
    }
}
