import ListController
import NavProtocol

/// One account's repositories, most starred first. Params: `{login: string}`. The query keeps
/// repositories whose name or description contains it.
public struct RepositoriesScreen: ListScreen {
    public let owner: GitHubUser
    private let source: any GitHubDataSource

    /// - Throws: `ScreenError.invalidParams` without a login, `.notFound` for an unknown one.
    public init(params: JSONValue, source: any GitHubDataSource) throws {
        let login = try ScreenParams(params).requiredString(GitHubNavigation.loginParam)
        guard let owner = try source.fetching({ try $0.user(login: login) }) else {
            throw ScreenError.notFound("no user named '\(login)'")
        }
        self.owner = owner
        self.source = source
    }

    public var title: String { "\(owner.login)'s repositories" }

    public func loadSections(query: String) throws -> [ListSection<GitHubRepository>] {
        let all = try source.fetching { try $0.repositories(owner: owner.login) }
        let search = query.trimmed
        guard !search.isEmpty else {
            return [
                ListSection(
                    id: "repositories", header: CountFormat.counted(all.count, "repository", "repositories"),
                    footer: all.isEmpty ? "\(owner.login) has no public repositories" : nil, items: all)
            ]
        }
        let matches = all.filter { repository in
            repository.name.containsIgnoringCase(search) || (repository.description ?? "").containsIgnoringCase(search)
        }
        return [.searchResults(id: "repositories", noun: "repositories", query: search, items: matches)]
    }

    public func row(for repository: GitHubRepository) -> Row {
        let stars = "★ \(CountFormat.abbreviated(repository.stargazersCount))"
        let facts = [repository.language.nonBlank, stars, repository.fork ? "fork" : nil]
        return Row(
            id: "repo:\(repository.fullName)", kind: RowKind.repository, title: repository.name,
            subtitle: repository.description.nonBlank, detail: facts.compactMap { $0 }.joined(separator: " · "),
            accessory: .disclosure)
    }

    public func selection(for repository: GitHubRepository) -> SelectionAction {
        GitHubNavigation.repository(repository)
    }
}
