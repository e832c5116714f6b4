import Foundation
import GitHubData
import GitHubModels
import HTTPClient
import ListController
import NavProtocol
import UVKit

/// The live source's writes (docs/live-github.md, "Writes"): each `GitHubWrite` is one REST
/// request, sent through the client's write lane, and GitHub's status is the action's outcome.
extension LiveGitHubSource {
    public var writeRefusal: ActionFailure? {
        guard allowsWrites else {
            return ActionFailure(.writesDisabled, "writes to GitHub are off: start navhost with --allow-writes to allow them")
        }
        return nil
    }

    public func write(_ write: GitHubWrite, completion: @escaping (Result<Void, ActionFailure>) -> Void) {
        if let refusal = writeRefusal { return completion(.failure(refusal)) }
        let request = Self.request(for: write)
        api.write(request) { [api] result in
            completion(Self.outcome(of: result.map { api.error(answering: $0, to: request) }, for: write))
        }
    }

    public func labels(owner login: String, name: String, completion: @escaping (Result<[GitHubLabel], any Error>) -> Void) -> Cancellable? {
        single(completion) { self.api.labels(owner: login, name: name, completion: $0) }
    }

    /// The REST request of a write.
    public static func request(for write: GitHubWrite) -> GitHubWriteRequest {
        switch write {
        case .star(let owner, let name), .unstar(let owner, let name):
            let method = if case .star = write { "PUT" } else { "DELETE" }
            // The repository's count, and the starred lists as read: anyone's by login (the
            // viewer's login is not known) and the id form GitHub's `Link` gives their pages.
            let starred = ["/user/starred", "/users/*/starred", "/user/*/starred"]
            return GitHubWriteRequest(
                method: method, path: GitHubAPIClient.starPath(owner: owner, name: name),
                invalidates: [GitHubAPIClient.repositoryPath(owner: owner, name: name)] + starred, target: "repository '\(owner)/\(name)'")
        case .comment(let ref, let body):
            return itemRequest(ref, "POST", "issues/\(ref.number)/comments", ["body": .string(body)])
        case .close(let ref, let reason, let pullRequest):
            var body: [String: JSONValue] = ["state": "closed"]
            if !pullRequest, let reason { body["state_reason"] = .string(reason.rawValue) }
            return itemRequest(ref, "PATCH", "\(pullRequest ? "pulls" : "issues")/\(ref.number)", .object(body), pull: pullRequest)
        case .reopen(let ref, let pullRequest):
            return itemRequest(ref, "PATCH", "\(pullRequest ? "pulls" : "issues")/\(ref.number)", ["state": "open"], pull: pullRequest)
        case .addLabel(let ref, let label):
            return itemRequest(ref, "POST", "issues/\(ref.number)/labels", ["labels": [.string(label)]])
        case .removeLabel(let ref, let label):
            return itemRequest(ref, "DELETE", "issues/\(ref.number)/labels/\(APIURL.encode(label))", nil)
        case .react(let ref, let content):
            return itemRequest(ref, "POST", "issues/\(ref.number)/reactions", ["content": .string(content)])
        case .requestReview(let ref, let reviewers):
            return itemRequest(ref, "POST", "pulls/\(ref.number)/requested_reviewers", ["reviewers": .array(reviewers.map(JSONValue.string))], pull: true)
        case .merge(let ref, let method, let headSHA):
            return itemRequest(ref, "PUT", "pulls/\(ref.number)/merge", ["merge_method": .string(method), "sha": .string(headSHA)], pull: true)
        }
    }

    /// A write on an issue or pull request: it may change the item, its lists, its
    /// conversation and the repository's counts, so every cached read of the repository goes.
    private static func itemRequest(_ ref: GitHubItemRef, _ method: String, _ tail: String, _ body: JSONValue?, pull: Bool = false) -> GitHubWriteRequest {
        let repository = GitHubAPIClient.repositoryPath(owner: ref.owner, name: ref.name)
        let target = "\(pull ? "pull request" : "issue or pull request") #\(ref.number) of '\(ref.owner)/\(ref.name)'"
        return GitHubWriteRequest(method: method, path: "\(repository)/\(tail)", body: body, invalidates: [repository], target: target)
    }

    /// GitHub's answer, as the error it makes (nil for a 2xx), as the action's outcome; a request
    /// that got no answer is `unavailable`. The HTTP status (the error's) is kept in the failure.
    static func outcome(of result: Result<GitHubAPIError?, GitHubAPIError>, for write: GitHubWrite) -> Result<Void, ActionFailure> {
        switch result {
        case .failure(let error):
            return .failure(ActionFailure(.unavailable, error.message))
        case .success(nil):
            return .success(())
        case .success(let error?):
            return .failure(failure(for: error, write: write))
        }
    }

    static func failure(for error: GitHubAPIError, write: GitHubWrite) -> ActionFailure {
        let said = error.githubMessage.map { ": \($0)" } ?? ""
        let status = error.status
        switch (error.kind, status) {
        case (.rateLimited, _):
            // GitHub's advice: Retry-After, else the reset time, else at least a minute.
            let wait = error.retryAfter ?? error.rateLimitReset.map { max(0, $0 - Int(Date().timeIntervalSince1970)) } ?? GitHubAPIError.blankRetryAfter
            return ActionFailure(.rateLimited, error.message, status: status, retryAfter: wait)
        case (.badCredentials, _):
            return ActionFailure(.forbidden, error.message, status: status)
        case (.forbidden, _):
            return ActionFailure(.forbidden, "GitHub refused the change (403\(said)).", status: status)
        case (.notFound, _):
            return ActionFailure(.notFound, error.message, status: status)
        case (_, 405):
            return ActionFailure(.notAllowed, "GitHub does not allow this now (405\(said)).", status: status)
        case (_, 409):
            if case .merge = write { return ActionFailure(.conflict, "the pull request changed since you looked (409\(said)).", status: status) }
            return ActionFailure(.conflict, "GitHub reported a conflict (409\(said)).", status: status)
        case (.gone, _):
            return ActionFailure(.gone, error.message, status: status)
        case (.invalidQuery, _):
            return ActionFailure(.validation, error.message, status: status)
        default:
            return ActionFailure(.failed, error.message, status: status)
        }
    }
}
