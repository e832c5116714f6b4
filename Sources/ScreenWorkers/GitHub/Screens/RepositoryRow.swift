import GitHubModels
import ListController
import NavProtocol

/// The row every screen listing repositories shows: the name (with its owner where the list
/// mixes owners), the description, then language, stars and whether it is a fork; selecting it
/// opens the repository.
enum RepositoryRow {
    static func row(for repository: GitHubRepository, showingOwner: Bool = false) -> Row {
        let stars = "★ \(CountFormat.abbreviated(repository.stargazersCount))"
        let facts = [repository.language.nonBlank, stars, repository.fork ? "fork" : nil]
        return Row(
            id: id(repository), kind: RowKind.repository, title: showingOwner ? repository.fullName : repository.name,
            subtitle: repository.description.nonBlank, detail: facts.compactMap { $0 }.joined(separator: " · "),
            accessory: .disclosure, values: RowValues.repository(repository))
    }

    /// The row's id, and the repository screen's own item's.
    static func id(_ repository: GitHubRepository) -> String { "repo:\(repository.fullName)" }

    /// Whether the repository's name or description contains `text`, ignoring case.
    static func matches(_ repository: GitHubRepository, _ text: String) -> Bool {
        repository.name.containsIgnoringCase(text) || (repository.description ?? "").containsIgnoringCase(text)
    }
}
