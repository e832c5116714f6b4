import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// The screen of a `Conversation`: params `{owner, name, number}`; sections of facts, the body
/// (`body`) as readable lines and the comments (`comments`), oldest first, paged. The record is
/// fetched once when the screen opens (`prepare`); the comments load, and fail, on their own.
/// The query keeps the rows that contain it.
final class ConversationScreen<Kind: Conversation>: GitHubScreen {
    static var descriptor: ScreenDescriptor { Kind.descriptor }
    let owner: String
    let name: String
    let number: Int
    private let source: any GitHubSource
    /// Fetched once when the screen opens; the facts and the body show parts of it.
    private var record: Kind.Record?
    /// The body's lines, parsed once when the record arrives.
    private var bodyLines: [ConversationItem] = []
    /// The repository's labels: the choices of `add-label`.
    private let labels = RepositoryLabels()

    required init(params: JSONValue, source: any GitHubSource) throws {
        let fields = try ScreenParams(params)
        (owner, name) = try fields.repository()
        number = try fields.requiredPositiveInt(GitHubNavigation.numberParam)
        self.source = source
    }

    var title: String { "\(owner)/\(name)#\(number)" }

    func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable? {
        // Both are read at once, and the screen opens once both are in: `add-label` is offered
        // from the first actions the client asks for.
        var labelsRead = false
        var fetched: Result<Void, any Error>?
        func finish() {
            if labelsRead, let fetched { completion(fetched) }
        }
        let labels = labels.read(source, owner: owner, name: name) {
            labelsRead = true
            finish()
        }
        let record = Kind.fetch(source, owner: owner, name: name, number: number) { [weak self] result in
            fetched = result.map { record in
                self?.record = record
                self?.bodyLines = MarkdownLines.lines(of: Kind.body(of: record) ?? "").enumerated().map { ConversationItem.line($1, index: $0) }
            }
            finish()
        }
        return CancellableGroup([labels, record])
    }

    /// The item's own actions (comment, close, label…), as its row offers them in lists.
    var ownTarget: ActionTarget? {
        record.map { record in
            GitHubActions.conversation(record, owner: owner, name: name, labels: labels.labels, source: source) { changed, write in
                Kind.factSections.flatMap { section in Kind.facts(of: changed, section: section.id).map(\.row) } + ConversationItem.added(by: write)
            }
        }
    }

    func sections(for query: String) -> [SectionSource<ConversationItem>] {
        guard let record else { return [] }
        let search = query.trimmed
        let keep = { (items: [ConversationItem]) in search.isEmpty ? items : items.filter { $0.matches(search) } }
        let facts = Kind.factSections.map { section in
            SectionSource.items(id: section.id, header: section.header, keep(Kind.facts(of: record, section: section.id).map(ConversationItem.fact)))
        }
        let body = SectionSource.items(id: "body", header: "Description", emptyFooter: search.isEmpty ? "No description provided" : nil, keep(bodyLines))
        let comments = source.comments(owner: owner, name: name, number: number).filtered { search.isEmpty || ConversationItem.comment($0).matches(search) }
        return facts + [body, SectionSource(id: "comments", header: "Comments", emptyFooter: "No comments", loader: comments.mapped(ConversationItem.comment))]
    }

    func row(for item: ConversationItem) -> Row { item.row }

    func selection(for item: ConversationItem) -> SelectionAction { item.selection }
}
