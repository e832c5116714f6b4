import Foundation
import GitHubData
import GitHubModels
import ListController
import UVKit

/// Issues, pull requests, their conversations, READMEs, repository search and stars, read from
/// the API as `LiveGitHubSource`'s other lists are.
extension LiveGitHubSource {
    /// GitHub's issue list cannot filter by title: like the other lists a screen filters (a
    /// user's repositories), each page is filtered as it arrives. Pull requests stay in, marked.
    public func issues(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubIssue> {
        let issues: SectionLoader<GitHubIssue> = paged { self.api.issues(owner: login, name: name, state: filter.state, page: $0, completion: $1) }
        return Self.keeping(issues, titled: filter.titleContains, \.title)
    }

    public func issue(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubIssue, any Error>) -> Void) -> Cancellable? {
        single(completion) { self.api.issue(owner: login, name: name, number: number, completion: $0) }
    }

    public func comments(owner login: String, name: String, number: Int) -> SectionLoader<GitHubComment> {
        paged { cursor, completion in
            self.api.comments(owner: login, name: name, number: number, page: cursor, completion: completion)
        }
    }

    public func pullRequests(owner login: String, name: String, filter: GitHubIssueFilter) -> SectionLoader<GitHubPullRequest> {
        let pulls: SectionLoader<GitHubPullRequest> = paged { self.api.pullRequests(owner: login, name: name, state: filter.state, page: $0, completion: $1) }
        return Self.keeping(pulls, titled: filter.titleContains, \.title)
    }

    public func pullRequest(owner login: String, name: String, number: Int, completion: @escaping (Result<GitHubPullRequest, any Error>) -> Void) -> Cancellable? {
        single(completion) { self.api.pullRequest(owner: login, name: name, number: number, completion: $0) }
    }

    public func readme(owner login: String, name: String, completion: @escaping (Result<GitHubReadme, any Error>) -> Void) -> Cancellable? {
        single(completion) { self.api.readme(owner: login, name: name, completion: $0) }
    }

    public func starredRepositories(of login: String) -> SectionLoader<GitHubRepository> {
        paged { cursor, completion in
            self.api.starredRepositories(login: login, page: cursor, completion: completion)
        }
    }

    /// The search's total on the first page, then its results: pages follow `Link` until GitHub
    /// has none or `GitHubSearchTotal.resultCap` results are listed.
    public func searchRepositories(_ query: String) -> SectionLoader<GitHubSearchItem<GitHubRepository>> {
        .pages(pageSize: 30) { cursor, completion in
            let position = cursor.flatMap(SearchPosition.init)
            return self.api.searchRepositories(query: query, page: position?.url) { result in
                completion(result.map { Self.searchPage($0, listedBefore: position?.listed ?? 0, isFirst: cursor == nil) }.mapError(Self.screenError))
            }
        }
    }

    static func searchPage(
        _ page: GitHubResult<GitHubSearchResult<GitHubRepository>>, listedBefore: Int, isFirst: Bool
    ) -> Page<GitHubSearchItem<GitHubRepository>> {
        let search = page.value
        let results = search.items.prefix(max(0, GitHubSearchTotal.resultCap - listedBefore))
        let listed = listedBefore + results.count
        var items = results.map { GitHubSearchItem.result($0) }
        if isFirst {
            items.insert(.total(GitHubSearchTotal(totalCount: search.totalCount, incompleteResults: search.incompleteResults ?? false)), at: 0)
        }
        let next = listed < GitHubSearchTotal.resultCap ? page.nextPage.map { SearchPosition(listed: listed, url: $0).cursor } : nil
        return Page(items: items, next: next, staleReason: page.staleReason?.message)
    }

    /// The items whose title contains `text`, ignoring case; all of them for an empty text.
    private static func keeping<Item>(_ loader: SectionLoader<Item>, titled text: String, _ title: @escaping (Item) -> String) -> SectionLoader<Item> {
        guard !text.isEmpty else { return loader }
        return loader.filtered { title($0).range(of: text, options: .caseInsensitive) != nil }
    }
}

/// Where a repository search continues: GitHub's `rel="next"` URL, verbatim, and how many
/// results the pages before it listed, so that the list stops at the cap.
struct SearchPosition: Equatable {
    var listed: Int
    var url: String

    init(listed: Int, url: String) {
        self.listed = listed
        self.url = url
    }

    /// "<listed> <url>": a URL holds no space.
    init?(_ cursor: PageCursor) {
        guard let space = cursor.value.firstIndex(of: " "), let listed = Int(cursor.value[..<space]), listed >= 0 else { return nil }
        self.init(listed: listed, url: String(cursor.value[cursor.value.index(after: space)...]))
    }

    var cursor: PageCursor { PageCursor("\(listed) \(url)") }
}
