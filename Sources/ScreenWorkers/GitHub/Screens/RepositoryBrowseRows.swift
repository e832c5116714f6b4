import GitHubModels
import ListController
import NavProtocol

extension RepositoryScreen {
    /// The rows that open the repository's issues (with how many its list holds open; where the
    /// source knows only GitHub's `open_issues_count`, which counts open pull requests too, the
    /// row says so), its pull requests and its README.
    func browse(_ repository: GitHubRepository) -> [RepositoryDetail] {
        let (owner, name) = (repository.owner.login, repository.name)
        let open = repository.openIssuesListed.map { "\(CountFormat.grouped($0)) open" }
            ?? "\(CountFormat.grouped(repository.openIssuesCount)) open issues and pull requests"
        let screens: [(id: String, label: String, value: String, count: Int?, kind: ScreenKind)] = [
            ("issues", "Issues", open, repository.openIssuesListed ?? repository.openIssuesCount, IssuesScreen.descriptor.kind),
            ("pulls", "Pull requests", "Open pull requests", nil, PullsScreen.descriptor.kind),
            ("readme", "README", "The repository's README", nil, ReadmeScreen.descriptor.kind),
        ]
        return screens.map { screen in
            RepositoryDetail(
                id: "browse:\(screen.id)", kind: RowKind.browse, label: screen.label, value: screen.value,
                values: ["count": screen.count.map(JSONValue.int) ?? .null], accessory: .disclosure,
                action: GitHubNavigation.repositoryScreen(screen.kind, owner: owner, name: name))
        }
    }
}
