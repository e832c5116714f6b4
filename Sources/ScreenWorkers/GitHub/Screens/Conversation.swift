import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// An issue or pull request as its screen shows it: what such a screen declares in its own
/// file. `ConversationScreen` does the rest.
protocol Conversation {
    associatedtype Record: ListedIssue
    static var descriptor: ScreenDescriptor { get }
    /// The sections of labelled facts, in order, before the body and the comments.
    static var factSections: [(id: String, header: String)] { get }
    static func fetch(_ source: any GitHubSource, owner: String, name: String, number: Int,
                      completion: @escaping (Result<Record, any Error>) -> Void) -> Cancellable?
    static func facts(of record: Record, section: String) -> [RepositoryDetail]
    /// The body's Markdown, nil when there is none.
    static func body(of record: Record) -> String?
}
