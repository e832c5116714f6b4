import FakeGitHub
import Foundation
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import NavProtocol
import Testing

/// How GitHub's answer to a write becomes the action's outcome: each failure status the REST
/// documentation gives these endpoints, scripted on the fake (no recording has them), with the
/// status kept; and a write is sent once, whatever happens.
@Suite struct WriteOutcomeTests {
    static let issue = GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 28)
    static let comments = "/repos/PyGithub/PyGithub/issues/28/comments"

    /// The failure of a comment the fake answers with `rule` (for the comments path).
    func commentFailure(_ rule: FakeRule, timeout: Duration = .seconds(10)) throws -> (ActionFailure, [LoggedRequest]) {
        var result: (ActionFailure, [LoggedRequest])?
        try withHarness { harness in
            try harness.server.script([rule])
            let outcome = harness.perform(.comment(Self.issue, body: "typed text"), on: try harness.writer(timeout: timeout))
            guard case .failure(let failure)? = outcome else { return }
            result = (failure, try harness.server.settledRequests())
        }
        return try #require(result, "the comment should have failed")
    }

    static let statuses: [(Int, ActionFailureReason, String)] = [
        (403, .forbidden, "GitHub refused the change (403: Must have admin rights to Repository)."),
        (404, .notFound, "GitHub has no issue or pull request #28 of 'PyGithub/PyGithub', or the token cannot change it."),
        (405, .notAllowed, "GitHub does not allow this now (405: Must have admin rights to Repository)."),
        (409, .conflict, "GitHub reported a conflict (409: Must have admin rights to Repository)."),
        (410, .gone, "GitHub says it is not there (410: Must have admin rights to Repository)."),
        (422, .validation, "GitHub refused the change: Must have admin rights to Repository."),
        (500, .failed, "GitHub answered 500: Must have admin rights to Repository."),
        (401, .forbidden, "GitHub rejected the token in GITHUB_TOKEN (401: Must have admin rights to Repository); replace it, or unset it to browse anonymously."),
    ]

    @Test(arguments: statuses.indices)
    func eachFailureStatusHasItsReasonAndKeepsTheStatus(index: Int) throws {
        let (status, reason, message) = Self.statuses[index]
        let (failure, log) = try commentFailure(FakeRule(
            path: Self.comments, status: status, body: ["message": "Must have admin rights to Repository"]))
        #expect(failure.reason == reason)
        #expect(failure.status == status)
        #expect(failure.message == message)
        #expect(failure.retryAfter == nil)
        #expect(log.filter { $0.method == "POST" }.count == 1, "a failed write is never sent again by itself")
    }

    @Test func a422SaysWhatGitHubFoundInvalid() throws {
        let (failure, _) = try commentFailure(FakeRule(path: Self.comments, status: 422, body: [
            "message": "Validation Failed", "errors": [["resource": "IssueComment", "code": "custom", "message": "Body is too long (maximum is 65536 characters)"]],
        ]))
        #expect(failure.reason == .validation && failure.status == 422)
        #expect(failure.message == "GitHub refused the change: Body is too long (maximum is 65536 characters).")
    }

    /// Secondary rate limits: 403 or 429 with `Retry-After`, which may be blank (then 60 s, as octokit waits).
    @Test(arguments: [(403, "30", 30), (429, "7", 7), (403, "", 60), (429, " ", 60)])
    func aSecondaryRateLimitIsRateLimitedWithItsRetryAfter(status: Int, retryAfter: String, seconds: Int) throws {
        let (failure, log) = try commentFailure(FakeRule(
            path: Self.comments, status: status, body: ["message": "Please wait a few minutes before you try again."],
            addHeaders: ["Retry-After": retryAfter]))
        #expect(failure.reason == .rateLimited)
        #expect(failure.status == status)
        #expect(failure.retryAfter == seconds)
        #expect(failure.message == "GitHub's secondary rate limit was hit (too many requests in a short time); retry in \(seconds) s.")
        #expect(log.filter { $0.method == "POST" }.count == 1, "not retried after the wait either")
    }

    /// A limit said only in words: GitHub's advice is to wait at least a minute.
    @Test func aRateLimitWithoutHeadersWaitsAMinute() throws {
        let (failure, _) = try commentFailure(FakeRule(
            path: Self.comments, status: 403, body: ["message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."]))
        #expect((failure.reason, failure.status, failure.retryAfter) == (.rateLimited, 403, 60))
    }

    @Test func aPrimaryRateLimitWaitsUntilItsReset() throws {
        let reset = Int(Date().timeIntervalSince1970) + 120
        let (failure, _) = try commentFailure(FakeRule(
            path: Self.comments, status: 403, body: ["message": "API rate limit exceeded for user ID 1."],
            addHeaders: ["X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "5000", "X-RateLimit-Reset": "\(reset)"]))
        #expect(failure.reason == .rateLimited && failure.status == 403)
        let wait = try #require(failure.retryAfter)
        #expect((100...120).contains(wait), "seconds until the reset: \(wait)")
    }

    @Test func aMergeWhoseHeadMovedIsAConflictSaidAsSuch() throws {
        try withHarness { harness in
            let source = try harness.writer()
            let merge = GitHubWrite.merge(GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 3370), method: "merge", headSHA: "0000000")
            try harness.server.script([FakeRule(path: "/repos/PyGithub/PyGithub/pulls/3370/merge", status: 409, body: ["message": "Head branch was modified. Review and try the merge again."])])
            guard case .failure(let failure)? = harness.perform(merge, on: source) else {
                Issue.record("expected a failure")
                return
            }
            #expect((failure.reason, failure.status) == (.conflict, 409))
            #expect(failure.message == "the pull request changed since you looked (409: Head branch was modified. Review and try the merge again.).")
        }
    }

    @Test func noAnswerIsUnavailableAndATimedOutWriteIsNotSentAgain() throws {
        let (failure, log) = try commentFailure(FakeRule(path: Self.comments, delayMilliseconds: 2000), timeout: .milliseconds(300))
        #expect(failure.reason == .unavailable && failure.status == nil)
        #expect(failure.message.hasPrefix("GitHub did not answer within 0.3 s"))
        #expect(log.filter { $0.method == "POST" }.count == 1)

        let (dropped, droppedLog) = try commentFailure(FakeRule(path: Self.comments, fault: "drop"))
        #expect(dropped.reason == .unavailable)
        #expect(droppedLog.filter { $0.method == "POST" }.count == 1, "a dropped connection is not a reason to post twice")
    }

    @Test func withoutAllowWritesNothingIsSent() throws {
        try withHarness { harness in
            let source = LiveGitHubSource(api: try harness.client(token: "ghp_x"))
            #expect(source.writeRefusal?.reason == .writesDisabled)
            #expect(try harness.writer().writeRefusal == nil)
            guard case .failure(let failure)? = harness.perform(.star(owner: "nvie", name: "gitflow"), on: source) else {
                Issue.record("expected a refusal")
                return
            }
            #expect(failure.reason == .writesDisabled)
            #expect(try harness.server.requests().isEmpty)
        }
    }
}
