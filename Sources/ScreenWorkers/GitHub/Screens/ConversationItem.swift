import GitHubModels
import ListController
import NavProtocol

/// A row of an issue's or pull request's screen: a labelled fact, a line of its body, a comment.
enum ConversationItem: Sendable {
    case fact(RepositoryDetail)
    /// A line of the body, numbered in the body (its row's id).
    case line(MarkdownLine, index: Int)
    case comment(GitHubComment)

    var row: Row {
        switch self {
        case .fact(let detail): return detail.row
        case .line(let line, let index): return TextRow.row(for: line, id: "body:\(index)")
        case .comment(let comment):
            let text = MarkdownLines.lines(of: comment.body).filter { $0.style != .link }.map(\.text).joined(separator: "\n")
            return Row(
                id: "comment:\(comment.id)", kind: RowKind.comment, title: comment.user.login, subtitle: text,
                detail: RelativeAge.since(comment.createdAt), accessory: comment.htmlURL == nil ? nil : .link,
                values: [
                    "id": .int(comment.id), "author": .string(comment.user.login), "createdAt": .string(comment.createdAt),
                    "body": .string(comment.body), "url": RowValues.optional(comment.htmlURL),
                ])
        }
    }

    var selection: SelectionAction {
        switch self {
        case .fact(let detail): return detail.action
        case .line(let line, _): return TextRow.selection(for: line)
        case .comment(let comment): return comment.htmlURL.map(SelectionAction.openURL) ?? .none
        }
    }

    /// The row a write adds to the conversation, shown before the source has it: a comment by
    /// the session's user, in the comments section.
    static func added(by write: GitHubWrite) -> [Row] {
        guard case .comment(_, let body) = write else { return [] }
        var row = ConversationItem.comment(GitHubComment(id: 0, user: .you, body: body, htmlURL: nil, createdAt: ISO8601Timestamp.now, updatedAt: ISO8601Timestamp.now)).row
        row.section = "comments"
        return [row]
    }

    /// Whether the row shows `text`, ignoring case.
    func matches(_ text: String) -> Bool {
        switch self {
        case .fact(let detail): return detail.label.containsIgnoringCase(text) || detail.value.containsIgnoringCase(text)
        case .line(let line, _): return line.text.containsIgnoringCase(text)
        case .comment(let comment): return comment.body.containsIgnoringCase(text) || comment.user.login.containsIgnoringCase(text)
        }
    }
}

/// The row of a line of Markdown text: a link opens its URL; the other lines are text.
enum TextRow {
    static func row(for line: MarkdownLine, id: String) -> Row {
        if line.style == .link, let url = line.url {
            return Row(id: id, kind: RowKind.link, title: line.text, detail: line.text == url ? nil : url, accessory: .link, values: RowValues.link(url))
        }
        let prefix = line.style == .listItem ? "• " : ""
        return Row(
            id: id, kind: RowKind.text, title: prefix + line.text,
            values: ["style": .string(line.style.rawValue), "text": .string(line.text), "level": line.level.map(JSONValue.int) ?? .null])
    }

    static func selection(for line: MarkdownLine) -> SelectionAction {
        line.url.map(SelectionAction.openURL) ?? .none
    }
}
