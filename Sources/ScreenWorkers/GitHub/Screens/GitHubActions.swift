import GitHubData
import GitHubModels
import ListController
import NavProtocol

/// The actions of the GitHub app's items (docs/protocol.md, "Actions of the GitHub screens"),
/// declared once for each kind of item: a screen that shows an item in a row or as its own item
/// offers these, naming them in its own file.
enum GitHubActions {
    /// A repository: star or unstar (the one that applies, both where the source cannot know).
    /// `rows` are the screen's rows of the repository as it would be, for the previews.
    static func repository(_ repository: GitHubRepository, source: any GitHubSource, rows: @escaping (GitHubRepository) -> [Row]) -> ActionTarget {
        let (owner, name) = (repository.owner.login, repository.name)
        let preview = { (write: GitHubWrite) -> [Row] in
            var changed = repository
            write.apply(to: &changed)
            return rows(changed)
        }
        var actions: [ItemAction] = []
        if repository.starred != true {
            actions.append(write(Action(id: "star", title: "Star", key: "s", idempotent: true), source, preview: preview) { _ in .star(owner: owner, name: name) })
        }
        if repository.starred != false {
            actions.append(write(Action(id: "unstar", title: "Unstar", key: "S", idempotent: true), source, preview: preview) { _ in .unstar(owner: owner, name: name) })
        }
        let text = [repository.fullName, repository.description.nonBlank].compactMap { $0 }.joined(separator: "\n")
        let state = "\(repository.updatedAt) \(repository.localChange ?? 0)"
        return ActionTarget(id: RepositoryRow.id(repository), actions: actions, state: state, url: repository.htmlURL, text: text)
    }

    /// An issue or pull request of `owner/name`; `labels` are the repository's, for `add-label`;
    /// `rows` are the screen's rows of the item as a write would leave it, for the previews.
    static func conversation<Item: ListedIssue>(
        _ item: Item, owner: String, name: String, labels: [GitHubLabel], source: any GitHubSource,
        rows: @escaping (Item, GitHubWrite) -> [Row]
    ) -> ActionTarget {
        let ref = GitHubItemRef(owner: owner, name: name, number: item.conversation.number)
        let pull = item as? GitHubPullRequest
        let preview = { (write: GitHubWrite) -> [Row] in rows(item.applying(write, at: ISO8601Timestamp.now), write) }
        let label = "#\(item.conversation.number) '\(item.conversation.title)'"
        var actions = [
            write(Action(id: "comment", title: "Comment…", key: "c", input: [ActionField(name: "body", title: "Comment", type: .text, required: true)]), source, preview: preview) {
                .comment(ref, body: $0.string("body") ?? "")
            },
        ]
        if item.conversation.isOpen {
            let reasons = ActionField(name: "reason", title: "Reason", type: .enum, options: ["completed", "not_planned"], default: "completed")
            actions.append(write(
                Action(id: "close", title: "Close…", key: "x", idempotent: true, input: pull == nil ? [reasons] : nil), source,
                confirmation: { input in pull == nil ? "Close \(label) as \((input.string("reason") ?? "completed").replacing("_", with: " "))?" : "Close \(label)?" },
                preview: preview
            ) { input in .close(ref, reason: pull == nil ? GitHubStateReason(rawValue: input.string("reason") ?? "completed") : nil, pullRequest: pull != nil) })
        } else if pull?.isMerged != true {
            actions.append(write(Action(id: "reopen", title: "Reopen", key: "o", idempotent: true), source, preview: preview) { _ in .reopen(ref, pullRequest: pull != nil) })
        }
        let addable = labels.map(\.name).filter { name in !item.conversation.labels.contains { $0.name == name } }
        if !addable.isEmpty {
            actions.append(write(Action(id: "add-label", title: "Add label…", key: "l", idempotent: true, input: [
                ActionField(name: "label", title: "Label", type: .enum, required: true, options: addable),
            ]), source, preview: preview) { .addLabel(ref, label: $0.string("label") ?? "") })
        }
        if !item.conversation.labels.isEmpty {
            actions.append(write(Action(id: "remove-label", title: "Remove label…", key: "L", idempotent: true, input: [
                ActionField(name: "label", title: "Label", type: .enum, required: true, options: item.conversation.labels.map(\.name)),
            ]), source, preview: preview) { .removeLabel(ref, label: $0.string("label") ?? "") })
        }
        actions.append(write(Action(id: "react", title: "React…", key: "r", idempotent: true, input: [
            ActionField(name: "content", title: "Reaction", type: .enum, required: true, options: GitHubWrite.reactions),
        ]), source, preview: preview) { .react(ref, content: $0.string("content") ?? "") })
        if let pull, pull.state == .open, !pull.isMerged {
            actions.append(write(Action(id: "request-review", title: "Request review…", key: "R", idempotent: true, input: [
                ActionField(name: "reviewers", title: "Reviewers (logins)", type: .string, required: true),
            ]), source, preview: preview) { .requestReview(ref, reviewers: reviewers($0.string("reviewers") ?? "")) })
            actions.append(write(
                Action(id: "merge", title: "Merge…", key: "m", input: [
                    ActionField(name: "method", title: "Merge method", type: .enum, options: GitHubWrite.mergeMethods, default: "merge"),
                ]), source, confirmation: { "Merge \(label) (\($0.string("method") ?? "merge"))?" }, preview: preview
            ) { .merge(ref, method: $0.string("method") ?? "merge", headSHA: pull.head.sha) })
        }
        let state = (pull.map { "\($0.head.sha) " } ?? "") + "\(item.conversation.updatedAt) \(item.localChange ?? 0)"
        return ActionTarget(id: IssueRow.id(item), actions: actions, state: state, url: item.conversation.htmlURL, text: "#\(item.conversation.number) \(item.conversation.title)")
    }

    /// An account: open and copy its profile's address, copy its row's text.
    static func account(_ user: GitHubUser, row: Row) -> ActionTarget {
        ActionTarget(row: row, selection: .none, url: user.htmlURL ?? GitHubURLs.profile(login: user.login))
    }

    /// A write through the source, refused as the source says while it cannot write, previewed
    /// as `preview` shows the rows with it.
    private static func write(
        _ action: Action, _ source: any GitHubSource, confirmation: ((ActionInput) -> String)? = nil,
        preview: ((GitHubWrite) -> [Row])? = nil, _ make: @escaping (ActionInput) -> GitHubWrite
    ) -> ItemAction {
        ItemAction(action, refusal: source.writeRefusal, confirmation: confirmation, preview: preview.map { preview in { preview(make($0)) } }) {
            [weak source] input, completion in
            guard let source else { return completion(.failure(ActionFailure(.unavailable, "the screen is closing"))) }
            source.write(make(input), completion: completion)
        }
    }

    /// Logins separated by commas or white space.
    private static func reviewers(_ text: String) -> [String] {
        text.split { $0 == "," || $0.isWhitespace }.map(String.init)
    }
}
