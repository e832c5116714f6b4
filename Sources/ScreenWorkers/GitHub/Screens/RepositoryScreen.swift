import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// One repository's facts. Params: `{owner: string, name: string}`.
///
/// Sections "about" (every fact always listed, "—" when GitHub has none, then the owner),
/// "browse" (its issues, pull requests and README), "stats" and "links" (only the links that
/// exist). The query keeps rows whose label or value contains it and drops sections left empty.
public final class RepositoryScreen: GitHubScreen {
    public static let descriptor = ScreenDescriptor(
        kind: "repository", description: "One repository's facts, stats and links",
        params: [
            GitHubNavigation.ownerParam: ParamSpec(.string, required: true, description: "the owner's login"),
            GitHubNavigation.nameParam: ParamSpec(.string, required: true, description: "the repository's name"),
        ])
    public let owner: String
    public let name: String
    /// Fetched once when the screen opens; every section shows a part of it.
    public private(set) var repository: GitHubRepository?
    private let source: any GitHubSource

    /// - Throws: `ScreenError.invalidParams` without owner or name; an unknown repository fails the opening.
    public required init(params: JSONValue, source: any GitHubSource) throws {
        let fields = try ScreenParams(params)
        owner = try fields.requiredString(GitHubNavigation.ownerParam)
        name = try fields.requiredString(GitHubNavigation.nameParam)
        self.source = source
    }

    public var title: String { repository?.fullName ?? "\(owner)/\(name)" }

    public func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable? {
        source.repository(owner: owner, name: name) { [weak self] result in
            completion(result.map { self?.repository = $0 })
        }
    }

    public func sections(for query: String) -> [SectionSource<RepositoryDetail>] {
        guard let repository else { return [] }
        let sections: [(id: String, header: String, details: [RepositoryDetail])] = [
            ("about", "About", about(repository)), ("browse", "Browse", browse(repository)),
            ("stats", "Stats", stats(repository)), ("links", "Links", links(repository)),
        ]
        let search = query.trimmed
        return sections.compactMap { section in
            let shown = search.isEmpty ? section.details : section.details.filter { detail in
                detail.label.containsIgnoringCase(search) || detail.value.containsIgnoringCase(search)
            }
            return shown.isEmpty ? nil : .items(id: section.id, header: section.header, shown)
        }
    }

    public func row(for detail: RepositoryDetail) -> Row { detail.row }

    public func selection(for detail: RepositoryDetail) -> SelectionAction { detail.action }

    /// The repository's own actions (star, unstar), as its rows offer them in lists.
    public var ownTarget: ActionTarget? {
        repository.map { GitHubActions.repository($0, source: source) { [unowned self] in stats($0).map(\.row) } }
    }
}
