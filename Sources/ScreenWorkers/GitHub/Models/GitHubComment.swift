/// A comment on an issue or pull request's conversation, as
/// `GET /repos/{owner}/{name}/issues/{number}/comments` returns it (a pull request's
/// conversation comments are its issue comments). `html_url` is absent from 2012 bodies.
public struct GitHubComment: Codable, Sendable, Hashable {
    public var id: Int
    public var user: GitHubUser
    /// Markdown.
    public var body: String
    public var htmlURL: String?
    public var createdAt: String
    public var updatedAt: String

    public init(id: Int, user: GitHubUser, body: String, htmlURL: String?, createdAt: String, updatedAt: String) {
        self.id = id
        self.user = user
        self.body = body
        self.htmlURL = htmlURL
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, user, body
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
