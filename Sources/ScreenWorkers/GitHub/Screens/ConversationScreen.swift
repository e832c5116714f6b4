import GitHubModels
import ListController
import NavProtocol
import UVKit

/// An issue or pull request as its screen shows it: what such a screen declares in its own
/// file. `ConversationScreen` does the rest.
protocol Conversation {
    associatedtype Record: Sendable
    static var descriptor: ScreenDescriptor { get }
    /// "Issue", "Pull request".
    static var noun: String { get }
    /// The sections of labelled facts, in order, before the body and the comments.
    static var factSections: [(id: String, header: String)] { get }
    static func fetch(_ source: any GitHubSource, owner: String, name: String, number: Int,
                      completion: @escaping (Result<Record, any Error>) -> Void) -> Cancellable?
    static func facts(of record: Record, section: String) -> [RepositoryDetail]
    /// The body's Markdown, nil when there is none.
    static func body(of record: Record) -> String?
}

/// The screen of a `Conversation`: params `{owner, name, number}`; sections of facts, the body
/// (`body`) as readable lines and the comments (`comments`), oldest first, paged. The facts and
/// the body come from one fetch; the comments load, and fail, on their own. The query keeps
/// the rows that contain it.
struct ConversationScreen<Kind: Conversation>: GitHubScreen {
    static var descriptor: ScreenDescriptor { Kind.descriptor }
    let owner: String
    let name: String
    let number: Int
    private let source: any GitHubSource

    init(params: JSONValue, source: any GitHubSource) throws {
        let fields = try ScreenParams(params)
        (owner, name) = try fields.repository()
        number = try fields.requiredPositiveInt(GitHubNavigation.numberParam)
        self.source = source
    }

    var title: String { "\(owner)/\(name)#\(number)" }

    func sections(for query: String) -> [SectionSource<ConversationItem>] {
        let (source, owner, name, number) = (self.source, self.owner, self.name, self.number)
        let fetch = SharedFetch<Kind.Record> { Kind.fetch(source, owner: owner, name: name, number: number, completion: $0) }
        let search = query.trimmed
        let keep = { (items: [ConversationItem]) in search.isEmpty ? items : items.filter { $0.matches(search) } }
        let facts = Kind.factSections.map { section in
            SectionSource(id: section.id, header: section.header, loader: fetch.loader { keep(Kind.facts(of: $0, section: section.id).map(ConversationItem.fact)) })
        }
        let body = SectionSource(id: "body", header: "Description", emptyFooter: search.isEmpty ? "No description provided" : nil, loader: fetch.loader { record in
            keep(MarkdownLines.lines(of: Kind.body(of: record) ?? "").enumerated().map { ConversationItem.line($1, index: $0) })
        })
        let comments = source.comments(owner: owner, name: name, number: number).filtered { !search.isEmpty ? ConversationItem.comment($0).matches(search) : true }
        return facts + [body, SectionSource(id: "comments", header: "Comments", emptyFooter: "No comments", loader: comments.mapped(ConversationItem.comment))]
    }

    func row(for item: ConversationItem) -> Row { item.row }

    func selection(for item: ConversationItem) -> SelectionAction { item.selection }
}
