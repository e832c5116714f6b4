import GitHubModels
import ListController
import NavProtocol

/// What an issue list row shows of an issue or a pull request.
protocol ListedIssue: GitHubItem {
    /// nil where the source does not say (a pull request read from a list).
    var commentCount: Int? { get }
    var stateText: String { get }
    /// The row's kind and its kind-specific typed values.
    static var rowKind: String { get }
    var extraValues: [String: JSONValue] { get }
}

/// The row every issue and pull request list shows: "#12 title", then the state, the author,
/// the comment count and the age, then the labels. Selecting it opens the item.
enum IssueRow {
    static func row<Item: ListedIssue>(for item: Item) -> Row {
        let comments = item.commentCount.flatMap { $0 > 0 ? CountFormat.counted($0, "comment", "comments") : nil }
        let facts = [item.stateText, "by \(item.conversation.user.login)", comments, "opened \(RelativeAge.since(item.conversation.createdAt))"]
        var values: [String: JSONValue] = [
            "number": .int(item.conversation.number), "title": .string(item.conversation.title), "author": .string(item.conversation.user.login),
            "comments": item.commentCount.map(JSONValue.int) ?? .null, "labels": .array(item.conversation.labels.map { .string($0.name) }),
            "createdAt": .string(item.conversation.createdAt), "updatedAt": .string(item.conversation.updatedAt),
        ]
        values.merge(item.extraValues) { _, extra in extra }
        values.merge(RowValues.local(item.hasLocalChanges)) { _, local in local }
        return Row(
            id: id(item), kind: Item.rowKind, title: "#\(item.conversation.number) \(item.conversation.title)",
            subtitle: facts.compactMap { $0 }.joined(separator: " · "),
            detail: item.conversation.labels.isEmpty ? nil : item.conversation.labels.map(\.name).joined(separator: ", "), accessory: .disclosure,
            values: .object(values))
    }

    /// The row's id, and the issue or pull request screen's own item's.
    static func id<Item: ListedIssue>(_ item: Item) -> String { "\(Item.rowKind):\(item.conversation.number)" }
}

extension GitHubIssue: ListedIssue {
    var commentCount: Int? { comments }
    var stateText: String { IssueStateText.of(self) }
    static var rowKind: String { RowKind.issue }
    var extraValues: [String: JSONValue] {
        ["state": .string(conversation.state.rawValue), "stateReason": RowValues.optional(stateReason?.rawValue)]
    }
}

extension GitHubPullRequest: ListedIssue {
    var commentCount: Int? { comments }
    var stateText: String { IssueStateText.of(self) }
    static var rowKind: String { RowKind.pullRequest }
    var extraValues: [String: JSONValue] {
        ["state": .string(conversation.state.rawValue), "draft": .bool(draft), "merged": .bool(isMerged), "base": .string(base.ref), "head": .string(head.label)]
    }
}

extension ListedIssue {
    /// The item as a write leaves it, at `time`.
    func applying(_ write: GitHubWrite, at time: String) -> Self {
        var item = self
        item.apply(write, at: time)
        return item
    }
}
