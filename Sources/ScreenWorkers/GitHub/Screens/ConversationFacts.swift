import GitHubModels
import ListController
import NavProtocol

/// The labelled facts issues and pull requests share, each its row and its selection.
enum ConversationFacts {
    /// The title, first: the screen's own title is only its number.
    static func title(_ title: String) -> RepositoryDetail {
        RepositoryDetail(id: "about:title", kind: RowKind.property, label: "Title", value: title, values: RowValues.property(.string(title)))
    }

    static func state(_ text: String, _ values: [String: JSONValue]) -> RepositoryDetail {
        RepositoryDetail(id: "about:state", kind: RowKind.state, label: "State", value: text, values: .object(values))
    }

    /// The author: selecting it opens the author's repositories.
    static func author(_ user: GitHubUser) -> RepositoryDetail {
        RepositoryDetail(
            id: "about:author", kind: RowKind.account(user), label: "Author", value: user.login, values: RowValues.account(user),
            accessory: .disclosure, action: GitHubNavigation.repositories(of: user.login))
    }

    static func names(_ id: String, _ label: String, _ names: [String]) -> RepositoryDetail {
        RepositoryDetail(
            id: "about:\(id)", kind: RowKind.property, label: label, value: names.isEmpty ? "—" : names.joined(separator: ", "),
            values: RowValues.property(.array(names.map(JSONValue.string))))
    }

    /// A moment, shown as an age; its value is GitHub's timestamp.
    static func date(_ id: String, _ label: String, _ timestamp: String) -> RepositoryDetail {
        RepositoryDetail(
            id: "about:\(id)", kind: RowKind.property, label: label, value: RelativeAge.since(timestamp),
            values: RowValues.property(.string(timestamp)))
    }

    static func count(_ id: String, _ label: String, _ count: Int?) -> RepositoryDetail {
        RepositoryDetail(
            id: id, kind: RowKind.stat, label: label, value: count.map(CountFormat.grouped) ?? "—",
            values: count.map(RowValues.count) ?? ["count": .null])
    }

    static func link(_ url: String) -> RepositoryDetail {
        RepositoryDetail(
            id: "about:github", kind: RowKind.link, label: "GitHub", value: url, values: RowValues.link(url), accessory: .link,
            action: .openURL(url))
    }

    /// What an issue and a pull request both list after their state: author, labels, assignees, dates.
    static func common(
        user: GitHubUser, labels: [GitHubLabel], assignees: [GitHubUser], createdAt: String, closed: (label: String, at: String)?
    ) -> [RepositoryDetail] {
        [author(user), names("labels", "Labels", labels.map(\.name)), names("assignees", "Assignees", assignees.map(\.login)),
         date("created", "Opened", createdAt)] + (closed.map { [date("closed", $0.label, $0.at)] } ?? [])
    }
}
