import GitHubModels
import ListController
import NavProtocol

extension RepositoryScreen {
    /// The facts (every one listed, "—" when GitHub has none), then the owner and their followers.
    func about(_ repository: GitHubRepository) -> [RepositoryDetail] {
        let topics = repository.topics.isEmpty ? nil : repository.topics
        let facts: [(id: String, label: String, value: String?, typed: JSONValue)] = [
            ("description", "Description", repository.description.nonBlank, RowValues.optional(repository.description.nonBlank)),
            ("language", "Language", repository.language.nonBlank, RowValues.optional(repository.language.nonBlank)),
            ("license", "License", repository.license?.name, RowValues.optional(repository.license?.name)),
            ("topics", "Topics", topics?.joined(separator: ", "), topics.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("default_branch", "Default branch", repository.defaultBranch, RowValues.optional(repository.defaultBranch)),
        ]
        let owner = repository.owner
        return facts.map { fact in
            RepositoryDetail(
                id: "about:\(fact.id)", kind: RowKind.property, label: fact.label, value: fact.value ?? "—",
                values: RowValues.property(fact.typed))
        } + [
            RepositoryDetail(
                id: "about:owner", kind: RowKind.account(owner), label: "Owner", value: owner.login,
                values: RowValues.account(owner), accessory: .disclosure, action: GitHubNavigation.repositories(of: owner.login)),
            RepositoryDetail(
                id: "about:owner_followers", kind: RowKind.account(owner), label: "Owner's followers",
                value: "\(owner.login)'s followers", values: RowValues.account(owner), accessory: .disclosure,
                action: GitHubNavigation.followers(of: owner.login)),
        ]
    }

    func stats(_ repository: GitHubRepository) -> [RepositoryDetail] {
        let counts = [
            ("stars", "Stars", repository.stargazersCount), ("forks", "Forks", repository.forksCount),
            ("watchers", "Watchers", repository.watchersCount),
            ("open_issues", "Open issues and pull requests", repository.openIssuesCount),
        ]
        return counts.map { id, label, count in
            // The stars row says whether the session's user starred it, as a repository row does.
            let values = id == "stars" ? ["count": .int(count), "starred": RowValues.starred(repository)] : RowValues.count(count)
            return RepositoryDetail(id: "stats:\(id)", kind: RowKind.stat, label: label, value: CountFormat.grouped(count), values: values)
        }
    }

    /// The links that exist: GitHub's page, and the homepage when there is one.
    func links(_ repository: GitHubRepository) -> [RepositoryDetail] {
        let urls = [("github", "GitHub", repository.htmlURL), ("homepage", "Homepage", repository.homepage.nonBlank)]
        return urls.compactMap { id, label, url in
            url.map { url in
                RepositoryDetail(
                    id: "links:\(id)", kind: RowKind.link, label: label, value: url, values: RowValues.link(url),
                    accessory: .link, action: .openURL(url))
            }
        }
    }
}
