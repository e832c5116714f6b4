import ListController
import NavProtocol

/// One repository's facts. Params: `{owner: string, name: string}`.
///
/// Sections "about" (every fact always listed, "—" when GitHub has none), "stats" and "links"
/// (only the links that exist). The query keeps rows whose label or value contains it and drops
/// sections left empty.
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
        let search = query.trimmed
        let sections = [
            ListSection(id: "about", header: "About", items: about),
            ListSection(id: "stats", header: "Stats", items: stats),
            ListSection(id: "links", header: "Links", items: links),
        ]
        guard !search.isEmpty else { return sections }
        return sections.compactMap { section in
            var filtered = section
            filtered.items = section.items.filter { $0.label.containsIgnoringCase(search) || $0.value.containsIgnoringCase(search) }
            return filtered.items.isEmpty ? nil : filtered
        }
    }

    public func row(for detail: RepositoryDetail) -> Row {
        detail.row
    }

    public func selection(for detail: RepositoryDetail) -> SelectionAction {
        detail.action
    }

    private static let none = "—"

    private var about: [RepositoryDetail] {
        let owner = repository.owner
        return [
            RepositoryDetail(id: "about:description", kind: "property", label: "Description",
                             value: repository.description.nonBlank ?? Self.none),
            RepositoryDetail(id: "about:owner", kind: owner.isOrganization ? "organization" : "user", label: "Owner",
                             value: owner.login, accessory: .disclosure, action: GitHubNavigation.repositories(of: owner.login)),
            RepositoryDetail(id: "about:language", kind: "property", label: "Language",
                             value: repository.language.nonBlank ?? Self.none),
            RepositoryDetail(id: "about:license", kind: "property", label: "License",
                             value: repository.license?.name ?? Self.none),
            RepositoryDetail(id: "about:topics", kind: "property", label: "Topics",
                             value: repository.topics.isEmpty ? Self.none : repository.topics.joined(separator: ", ")),
            RepositoryDetail(id: "about:default_branch", kind: "property", label: "Default branch",
                             value: repository.defaultBranch ?? Self.none),
        ]
    }

    private var stats: [RepositoryDetail] {
        let counts = [
            ("stars", "Stars", repository.stargazersCount), ("forks", "Forks", repository.forksCount),
            ("watchers", "Watchers", repository.watchersCount), ("open_issues", "Open issues", repository.openIssuesCount),
        ]
        return counts.map { id, label, count in
            RepositoryDetail(id: "stats:\(id)", kind: "stat", label: label, value: CountFormat.grouped(count))
        }
    }

    private var links: [RepositoryDetail] {
        let urls = [("github", "GitHub", Optional(repository.htmlURL)), ("homepage", "Homepage", repository.homepage.nonBlank)]
        return urls.compactMap { id, label, url in
            url.map { RepositoryDetail(id: "links:\(id)", kind: "link", label: label, value: $0, accessory: .link, action: .openURL($0)) }
        }
    }
}
