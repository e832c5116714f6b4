import GitHubData
import GitHubModels
import ListController
import UVKit

extension GitHubAPITask: Cancellable {}

/// The live GitHub REST API as a `GitHubSource`: every list is read in pages that follow the
/// `Link` header, a superseded load's request is removed from libcurl at once, and saved data
/// served while GitHub is unreachable is marked stale.
public final class LiveGitHubSource: GitHubSource {
    public let api: GitHubAPIClient
    /// GitHub has no "everyone" list; the popular list is this search, best matches first.
    public static let popularQuery = "followers:>1000"

    /// Whether actions may write to GitHub (`--allow-writes`).
    public let allowsWrites: Bool

    public init(api: GitHubAPIClient, allowsWrites: Bool = false) {
        self.api = api
        self.allowsWrites = allowsWrites
    }

    public func popularUsers() -> SectionLoader<GitHubUser> {
        searchUsers(Self.popularQuery)
    }

    public func searchUsers(_ query: String) -> SectionLoader<GitHubUser> {
        paged { cursor, completion in
            self.api.searchUsers(query: query, page: cursor) { completion($0.map { $0.map(\.items) }) }
        }
    }

    public func repositories(owner login: String) -> SectionLoader<GitHubRepository> {
        paged { cursor, completion in
            self.api.userRepositories(login: login, page: cursor, completion: completion)
        }
    }

    public func accounts(_ relation: AccountRelation, of login: String) -> SectionLoader<GitHubUser> {
        paged { cursor, completion in
            self.api.accounts(relation, of: login, page: cursor, completion: completion)
        }
    }

    /// `GET /repos/{owner}/{name}`; when the source may write and has a token,
    /// `GET /user/starred/{owner}/{name}` alongside sets `starred` (nil otherwise, or when GitHub
    /// answers the check with neither 204 nor 404). A source that cannot star has no use for
    /// the answer, and the check is never cached: it is not asked each time a repository opens.
    public func repository(owner login: String, name: String, completion: @escaping (Result<GitHubRepository, any Error>) -> Void) -> Cancellable? {
        guard allowsWrites, api.isAuthenticated else { return single(completion) { self.api.repository(owner: login, name: name, completion: $0) } }
        var read: Result<GitHubRepository, any Error>?
        var starred: Bool??
        func finish() {
            guard let read, let starred else { return }
            completion(read.map { repository in
                var repository = repository
                repository.starred = starred
                return repository
            })
        }
        let fetch = single({ read = $0; finish() }) { self.api.repository(owner: login, name: name, completion: $0) }
        let check = api.isStarred(owner: login, name: name) { starred = .some($0); finish() }
        return CancellableGroup([fetch, check])
    }

    /// Adapts an endpoint of one value to the screens' completion.
    func single<Value>(
        _ completion: @escaping (Result<Value, any Error>) -> Void,
        _ fetch: (@escaping (Result<GitHubResult<Value>, GitHubAPIError>) -> Void) -> GitHubAPITask
    ) -> Cancellable? {
        fetch { result in completion(result.map(\.value).mapError(Self.screenError)) }
    }

    /// Adapts an endpoint whose pages are `Link` URLs to the controller's paged loader.
    func paged<Item>(
        _ fetch: @escaping (String?, @escaping (Result<GitHubResult<[Item]>, GitHubAPIError>) -> Void) -> GitHubAPITask
    ) -> SectionLoader<Item> {
        .pages(pageSize: 30) { cursor, completion in
            fetch(cursor?.value) { result in
                completion(result.map { page in
                    Page(items: page.value, next: page.nextPage.map(PageCursor.init), staleReason: page.staleReason?.message)
                }.mapError(Self.screenError))
            }
        }
    }

    /// A 404 means the params name nothing (the push fails); anything else is shown as the
    /// section's error state with GitHub's actionable message (rate limit reset time, bad token…).
    static func screenError(_ error: GitHubAPIError) -> any Error {
        error.kind == .notFound ? ScreenError.notFound(error.message) : ScreenError.sourceFailed(message: error.message, data: error.data)
    }
}
