/// What a request asks for, so a failure can say what was not found or refused.
enum GitHubResource: Sendable {
    case userSearch(query: String)
    case repositorySearch(query: String)
    case user(login: String)
    case repositories(login: String)
    /// A user's related accounts (`AccountRelation`).
    case accounts(login: String)
    case starred(login: String)
    case repository(owner: String, name: String)
    /// A repository's issue or pull request list (a 404 means the repository).
    case repositoryList(owner: String, name: String)
    /// One issue or pull request, or its conversation.
    case issue(owner: String, name: String, number: Int)
    case pullRequest(owner: String, name: String, number: Int)
    case readme(owner: String, name: String)
    /// A change to what `target` names ("issue #3 of 'a/b'").
    case write(target: String)

    var notFoundMessage: String {
        switch self {
        case .userSearch:
            return "GitHub's user search is not available at this API URL; check --api-url."
        case .repositorySearch:
            return "GitHub's repository search is not available at this API URL; check --api-url."
        case .user(let login), .repositories(let login), .accounts(let login), .starred(let login):
            return "GitHub has no user or organization named '\(login)'."
        case .repository(let owner, let name), .repositoryList(let owner, let name):
            return "GitHub has no repository '\(owner)/\(name)', or the token cannot see it."
        case .issue(let owner, let name, let number):
            return "GitHub has no issue or pull request #\(number) in '\(owner)/\(name)', or the token cannot see it."
        case .pullRequest(let owner, let name, let number):
            return "GitHub has no pull request #\(number) in '\(owner)/\(name)', or the token cannot see it."
        case .readme(let owner, let name):
            return "GitHub has no README in '\(owner)/\(name)', or no such repository the token can see."
        case .write(let target):
            return "GitHub has no \(target), or the token cannot change it."
        }
    }

    var rejectedMessage: String {
        switch self {
        case .userSearch(let query):
            return "GitHub rejected the search query '\(query)'"
        case .repositorySearch(let query):
            return "GitHub rejected the repository search '\(query)'"
        case .write:
            return "GitHub refused the change"
        default:
            return "GitHub rejected the request"
        }
    }

    /// The quota a request counts against when the response does not say
    /// (`X-RateLimit-Resource` came in 2020): searches have their own, per minute.
    var rateLimitResource: String {
        switch self {
        case .userSearch, .repositorySearch: return "search"
        default: return "core"
        }
    }
}
