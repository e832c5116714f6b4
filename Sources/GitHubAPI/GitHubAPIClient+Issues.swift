import GitHubModels

/// A repository's issues, pull requests, their conversations and its README. List endpoints
/// take the `page` URL a previous result gave as `nextPage`: from the second page on GitHub names
/// the repository by id (`/repositories/{id}/issues?page=2`), so the URL is followed as given.
extension GitHubAPIClient {
    /// `GET /repos/{owner}/{name}/issues?state=…`, newest first. As GitHub sends it, the list
    /// holds pull requests too (`GitHubIssue.isPullRequest`).
    @discardableResult
    public func issues(
        owner: String, name: String, state: GitHubStateFilter, page: String? = nil,
        completion: @escaping (Result<GitHubResult<[GitHubIssue]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        repositoryList("issues", owner: owner, name: name, state: state, page: page, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/issues/{number}`: an issue, or a pull request seen as an issue.
    @discardableResult
    public func issue(
        owner: String, name: String, number: Int, completion: @escaping (Result<GitHubResult<GitHubIssue>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = "\(repositoryURL(owner: owner, name: name))/issues/\(number)"
        return fetch(url, .issue(owner: owner, name: name, number: number), as: GitHubIssue.self, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/issues/{number}/comments`: an issue's or pull request's
    /// conversation, oldest first.
    @discardableResult
    public func comments(
        owner: String, name: String, number: Int, page: String? = nil,
        completion: @escaping (Result<GitHubResult<[GitHubComment]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(repositoryURL(owner: owner, name: name))/issues/\(number)/comments?per_page=\(perPage)"
        return fetch(url, .issue(owner: owner, name: name, number: number), as: [GitHubComment].self, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/pulls?state=…`, newest first, without the counts and merge
    /// facts only a single pull request carries.
    @discardableResult
    public func pullRequests(
        owner: String, name: String, state: GitHubStateFilter, page: String? = nil,
        completion: @escaping (Result<GitHubResult<[GitHubPullRequest]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        repositoryList("pulls", owner: owner, name: name, state: state, page: page, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/pulls/{number}`, with its counts and merge facts.
    @discardableResult
    public func pullRequest(
        owner: String, name: String, number: Int, completion: @escaping (Result<GitHubResult<GitHubPullRequest>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = "\(repositoryURL(owner: owner, name: name))/pulls/\(number)"
        return fetch(url, .pullRequest(owner: owner, name: name, number: number), as: GitHubPullRequest.self, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/readme`: the default branch's README, base64 with line
    /// breaks as GitHub sends it (`GitHubReadme.text` decodes it).
    @discardableResult
    public func readme(
        owner: String, name: String, completion: @escaping (Result<GitHubResult<GitHubReadme>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        fetch("\(repositoryURL(owner: owner, name: name))/readme", .readme(owner: owner, name: name), as: GitHubReadme.self, completion: completion)
    }

    /// `GET /repos/{owner}/{name}/{list}?state=…`: the issue and pull request lists.
    private func repositoryList<Item: Decodable & Sendable>(
        _ list: String, owner: String, name: String, state: GitHubStateFilter, page: String?,
        completion: @escaping (Result<GitHubResult<[Item]>, GitHubAPIError>) -> Void
    ) -> GitHubAPITask {
        let url = page ?? "\(repositoryURL(owner: owner, name: name))/\(list)?state=\(state.rawValue)&per_page=\(perPage)"
        return fetch(url, .repositoryList(owner: owner, name: name), as: [Item].self, completion: completion)
    }
}
