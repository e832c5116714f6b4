/// What a request asks for, so a failure can say what was not found or refused.
enum GitHubResource: Sendable {
    case userSearch(query: String)
    case user(login: String)
    case repositories(login: String)
    /// A user's related accounts (`AccountRelation`).
    case accounts(login: String)
    case repository(owner: String, name: String)

    var notFoundMessage: String {
        switch self {
        case .userSearch:
            return "GitHub's user search is not available at this API URL; check --api-url."
        case .user(let login), .repositories(let login), .accounts(let login):
            return "GitHub has no user or organization named '\(login)'."
        case .repository(let owner, let name):
            return "GitHub has no repository '\(owner)/\(name)', or the token cannot see it."
        }
    }

    var rejectedMessage: String {
        switch self {
        case .userSearch(let query):
            return "GitHub rejected the search query '\(query)'"
        default:
            return "GitHub rejected the request"
        }
    }
}
