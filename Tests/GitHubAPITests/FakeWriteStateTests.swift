import FakeGitHub
import GitHubAPI
import GitHubModels
import HTTPClient
import ListController
import Testing

/// The fake GitHub keeps what was written, as GitHub does: reads after a write show it. (The
/// tests of the live source rely on this; here each write is read back through the API.)
@Suite struct FakeWriteStateTests {
    static let issue = GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 28)

    @Test func labelsAddedAndRemovedShowOnTheIssue() throws {
        try withHarness { harness in
            let source = try harness.writer()
            func labels() throws -> [String] {
                try #require(harness.wait { source.api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) }).get().value.labels.map(\.name)
            }
            #expect(try labels() == ["bug", "question"])
            #expect((try? harness.perform(.addLabel(Self.issue, label: "enhancement"), on: source)?.get()) != nil)
            #expect(try labels() == ["bug", "question", "enhancement"])
            #expect((try? harness.perform(.removeLabel(Self.issue, label: "bug"), on: source)?.get()) != nil)
            #expect(try labels() == ["question", "enhancement"])
            guard case .failure(let failure)? = harness.perform(.removeLabel(Self.issue, label: "bug"), on: source) else {
                Issue.record("removing a label the issue lacks should fail")
                return
            }
            #expect((failure.reason, failure.status) == (.notFound, 404))
        }
    }

    /// Recording 53 lists issues 13, 12 and 11, open: once 13 is closed, the open list leaves it out.
    @Test func aClosedIssueLeavesTheOpenListAndShowsItsReason() throws {
        try withHarness { harness in
            let (owner, name) = IssueEndpointTests.fixtureRepository
            let source = try harness.writer()
            let api = try harness.client(perPage: 3)
            let ref = GitHubItemRef(owner: owner, name: name, number: 13)
            #expect((try? harness.perform(.close(ref, reason: .notPlanned, pullRequest: false), on: source)?.get()) != nil)
            let open = try #require(harness.wait { api.issues(owner: owner, name: name, state: .open, completion: $0) }).get()
            #expect(open.value.map(\.number) == [12, 11])
            let closed = try #require(harness.wait { api.issue(owner: owner, name: name, number: 13, completion: $0) }).get().value
            #expect((closed.state, closed.stateReason) == (.closed, .notPlanned))
            #expect((try? harness.perform(.reopen(ref, pullRequest: false), on: source)?.get()) != nil)
            let reopened = try #require(harness.wait { api.issues(owner: owner, name: name, state: .open, completion: $0) }).get()
            #expect(reopened.value.map(\.number) == [13, 12, 11])
        }
    }

    /// Once anything was written, a conditional read is answered 304 only when its tag names
    /// the body the state would send now: a recorded revalidation still stands for a body the
    /// writes left alone, a changed body comes whole with the state's ETag, which then revalidates.
    @Test func afterAWriteOnlyAnUnchangedBodyIsNotModified() throws {
        try withHarness { harness in
            let source = try harness.writer()
            func read(_ path: String, tag: String) throws -> HTTPResponse {
                let request = HTTPRequest(url: harness.server.baseURL + path, headers: ["If-None-Match": tag])
                return try #require(harness.wait { _ = harness.http.send(request, completion: $0) }).get()
            }
            let issue = "/repos/jacquev6/PyGithub/issues/188", recorded = "\"654d1a29abe3a61b096e8bffbc61c162\""
            #expect((try? harness.perform(.star(owner: "PyGithub", name: "PyGithub"), on: source)?.get()) != nil)
            #expect(try read(issue, tag: recorded).status == 304, "a write elsewhere leaves it as recorded")
            #expect(try read("/repos/akfish/PyGithub", tag: "\"8600bedcb7fed1d8065e1693e05529ce\"").status == 304, "recorded only as a revalidation (49)")
            #expect(try harness.server.requests().suffix(2).map(\.recording) == ["63_issue-pygithub-2013-304.json", "49_repo-pygithub-304.json"])

            let ref = GitHubItemRef(owner: "jacquev6", name: "PyGithub", number: 188)
            #expect((try? harness.perform(.comment(ref, body: "seen"), on: source)?.get()) != nil)
            let changed = try read(issue, tag: recorded)
            #expect(changed.status == 200, "the comment count moved: the recorded tag no longer names the body")
            let etag = try #require(changed.headers["ETag"])
            #expect(etag != recorded)
            #expect(try read(issue, tag: etag).status == 304)
        }
    }

    @Test func aStarShowsInTheUsersStarsAndTheRepositorysCount() throws {
        try withHarness { harness in
            let source = try harness.writer()
            let before = try #require(harness.wait { source.api.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get().value
            #expect((try? harness.perform(.star(owner: "PyGithub", name: "PyGithub"), on: source)?.get()) != nil)
            let after = try #require(harness.wait { source.api.repository(owner: "PyGithub", name: "PyGithub", completion: $0) }).get().value
            #expect(after.stargazersCount == before.stargazersCount + 1)
            let mine = try #require(harness.wait { source.api.starredRepositories(login: "navshell-tester", page: "\(harness.server.baseURL)/user/starred", completion: $0) }).get()
            #expect(mine.value.map(\.fullName) == ["PyGithub/PyGithub"])
        }
    }

    /// A comment adds to the count; a reaction too, once; a merge of a merged pull request is
    /// refused (405), and one whose head moved is a conflict (409).
    @Test func commentsReactionsAndMergesAreAnsweredAsGitHubDoes() throws {
        try withHarness { harness in
            let source = try harness.writer()
            func issue() throws -> GitHubIssue {
                try #require(harness.wait { source.api.issue(owner: "PyGithub", name: "PyGithub", number: 28, completion: $0) }).get().value
            }
            let comments = try issue().comments
            _ = harness.perform(.comment(Self.issue, body: "a"), on: source)
            #expect(try issue().comments == comments + 1)
            for _ in 0..<2 { #expect((try? harness.perform(.react(Self.issue, content: "rocket"), on: source)?.get()) != nil) }
            #expect(try harness.server.requests().filter { $0.path.hasSuffix("/reactions") }.map(\.status) == [201, 200])

            let merged = GitHubItemRef(owner: "PyGithub", name: "PyGithub", number: 3370)
            let refused = harness.perform(.merge(merged, method: "merge", headSHA: "3253acaabd86de12b73d0a24c98eb9c13d1987b5"), on: source)
            guard case .failure(let failure) = try #require(refused, "the merge was not answered") else {
                Issue.record("a merge of a merged pull request should fail")
                return
            }
            #expect((failure.reason, failure.status) == (.notAllowed, 405))
            let open = GitHubItemRef(owner: "jacquev6", name: "PyGithub", number: 39)
            if case .failure(let failure)? = harness.perform(.merge(open, method: "squash", headSHA: "0000000"), on: source) {
                #expect((failure.reason, failure.status) == (.conflict, 409))
                #expect(failure.message.hasPrefix("the pull request changed since you looked"))
            } else {
                Issue.record("a merge with a stale head should be a conflict")
            }
            let done = harness.perform(.merge(open, method: "squash", headSHA: "ca6e7ef9ce22dc01290bb59507f24cc17f42daa4"), on: source)
            #expect((try? done?.get()) != nil)
            let pull = try #require(harness.wait { source.api.pullRequest(owner: "jacquev6", name: "PyGithub", number: 39, completion: $0) }).get().value
            #expect(pull.isMerged)
        }
    }
}
