import ListController
import NavProtocol

/// One repository's facts. Params: `{owner: string, name: string}`.
///
/// Sections "about" (every fact always listed, "—" when GitHub has none, then the owner),
/// "stats" and "links" (only the links that exist). The query keeps rows whose label or value
/// contains it and drops sections left empty.
public struct RepositoryScreen: ListScreen {
    public let repository: GitHubRepository

    /// - Throws: `ScreenError.invalidParams` without owner or name, `.notFound` for an unknown repository.
    public init(params: JSONValue, source: any GitHubDataSource) throws {
        let fields = try ScreenParams(params)
        let owner = try fields.requiredString(GitHubNavigation.ownerParam)
        let name = try fields.requiredString(GitHubNavigation.nameParam)
        guard let repository = try source.fetching({ try $0.repository(owner: owner, name: name) }) else {
            throw ScreenError.notFound("no repository named '\(owner)/\(name)'")
        }
        self.repository = repository
    }

    public var title: String { repository.fullName }

    public func loadSections(query: String) throws -> [ListSection<RepositoryDetail>] {
        let sections = [
            ListSection(id: "about", header: "About", items: about),
            ListSection(id: "stats", header: "Stats", items: stats),
            ListSection(id: "links", header: "Links", items: links),
        ]
        let search = query.trimmed
        guard !search.isEmpty else { return sections }
        return sections.compactMap { section in
            var filtered = section
            filtered.items = section.items.filter { detail in
                detail.label.containsIgnoringCase(search) || detail.value.containsIgnoringCase(search)
            }
            return filtered.items.isEmpty ? nil : filtered
        }
    }

    public func row(for detail: RepositoryDetail) -> Row {
        detail.row
    }

    public func selection(for detail: RepositoryDetail) -> SelectionAction {
        detail.action
    }

    private var about: [RepositoryDetail] {
        let facts: [(id: String, label: String, value: String?)] = [
            ("description", "Description", repository.description.nonBlank),
            ("language", "Language", repository.language.nonBlank),
            ("license", "License", repository.license?.name),
            ("topics", "Topics", repository.topics.isEmpty ? nil : repository.topics.joined(separator: ", ")),
            ("default_branch", "Default branch", repository.defaultBranch),
        ]
        let owner = repository.owner
        return facts.map { fact in
            RepositoryDetail(
                id: "about:\(fact.id)", kind: RowKind.property, label: fact.label, value: fact.value ?? "—")
        } + [
            RepositoryDetail(
                id: "about:owner", kind: RowKind.account(owner), label: "Owner", value: owner.login,
                accessory: .disclosure, action: GitHubNavigation.repositories(of: owner.login))
        ]
    }

    private var stats: [RepositoryDetail] {
        let counts = [
            ("stars", "Stars", repository.stargazersCount), ("forks", "Forks", repository.forksCount),
            ("watchers", "Watchers", repository.watchersCount),
            ("open_issues", "Open issues", repository.openIssuesCount),
        ]
        return counts.map { id, label, count in
            RepositoryDetail(id: "stats:\(id)", kind: RowKind.stat, label: label, value: CountFormat.grouped(count))
        }
    }

    private var links: [RepositoryDetail] {
        let urls = [("github", "GitHub", repository.htmlURL), ("homepage", "Homepage", repository.homepage.nonBlank)]
        return urls.compactMap { id, label, url in
            url.map { url in
                RepositoryDetail(
                    id: "links:\(id)", kind: RowKind.link, label: label, value: url, accessory: .link,
                    action: .openURL(url))
            }
        }
    }
}
