import GitHubModels

/// The `kind` of each row the GitHub screens make, so a client can style rows by kind.
enum RowKind {
    static let user = "user"
    static let organization = "organization"
    static let repository = "repository"
    /// A labelled fact about a repository.
    static let property = "property"
    /// A labelled count.
    static let stat = "stat"
    /// A URL the client may open.
    static let link = "link"
    static let issue = "issue"
    static let pullRequest = "pullRequest"
    static let comment = "comment"
    /// A line of Markdown text (a heading, paragraph, list item or code line).
    static let text = "text"
    /// A search's total, with GitHub's cap on what it lists.
    static let searchTotal = "searchTotal"
    /// A row that opens another list of the same repository or account (its issues, its stars).
    static let browse = "browse"
    /// An issue's or pull request's state.
    static let state = "state"

    static func account(_ user: GitHubUser) -> String {
        user.isOrganization ? organization : self.user
    }
}
