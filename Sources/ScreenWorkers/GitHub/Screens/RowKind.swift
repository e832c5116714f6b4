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

    static func account(_ user: GitHubUser) -> String {
        user.isOrganization ? organization : self.user
    }
}
