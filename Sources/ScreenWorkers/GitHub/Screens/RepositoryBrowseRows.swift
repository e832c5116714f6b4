import GitHubModels
import ListController
import NavProtocol

extension RepositoryScreen {
    /// The rows that open the repository's issues (with GitHub's open count, which counts open
    /// pull requests too), its pull requests and its README.
    func browse(_ repository: GitHubRepository) -> [RepositoryDetail] {
        let (owner, name) = (repository.owner.login, repository.name)
        let screens: [(id: String, label: String, value: String, count: Int?, kind: ScreenKind)] = [
            ("issues", "Issues", "\(CountFormat.grouped(repository.openIssuesCount)) open", repository.openIssuesCount, IssuesScreen.descriptor.kind),
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
