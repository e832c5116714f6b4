import FakeGitHub
import GitHubAPI
import GitHubData
import GitHubModels
import ListController
import Testing

/// Each write the live source makes, against the recorded write exchanges of real clients
/// (`<corpus>/writes`): the request must be the one they sent for the same write (method, path,
/// body), and GitHub's recorded answer must give the outcome it says.
@Suite struct WriteReplayTests {
    static func item(_ owner: String, _ name: String, _ number: Int) -> GitHubItemRef {
        GitHubItemRef(owner: owner, name: name, number: number)
    }

    /// Every write kind of ours that some recording shows, with the recordings of it.
    static let cases: [(GitHubWrite, String)] = [
        (.star(owner: "nvie", name: "gitflow"), "118_star-pygithub-2012.json"),
        (.star(owner: "sigmavirus24", name: "github3.py"), "121_star-github3-2016.json"),
        (.star(owner: "hub4j-test-org", name: "github-api"), "125_star-hub4j-2024.json"),
        (.unstar(owner: "nvie", name: "gitflow"), "116_unstar-pygithub-2012.json"),
        (.unstar(owner: "sigmavirus24", name: "github3.py"), "122_unstar-github3-2016.json"),
        (.unstar(owner: "sferik", name: "rails_admin"), "124_unstar-octokitrb-2013.json"),
        (.comment(item("jacquev6", "PyGithub", 28), body: "Comment created by PyGithub"), "127_issue-comment-create-pygithub-2012.json"),
        (.comment(item("sigmavirus24", "github3.py", 509), body: "Comment from integration test"), "128_issue-comment-create-github3-2017.json"),
        (.comment(item("hub4j-test-org", "GHIssueTest", 15), body: "First comment"), "130_issue-comment-create-hub4j-2022.json"),
        (.comment(item("kgromov", "temp-testSearchPullRequests", 2), body: "@kgromov approved"), "131_issue-comment-create-hub4j-2023.json"),
        (.close(item("hub4j-test-org", "GHIssueTest", 2), reason: nil, pullRequest: false), "136_issue-close-hub4j-2022.json"),
        (.close(item("sigmavirus24", "github3.py", 509), reason: nil, pullRequest: false), "138_issue-close-github3-2017.json"),
        (.close(item("hub4j-test-org", "github-api", 489), reason: nil, pullRequest: false), "139_issue-close-hub4j-2026.json"),
        (.close(item("github-api-test-org", "github-api", 313), reason: nil, pullRequest: false), "140_issue-close-hub4j-2019.json"),
        (.close(item("github3py", "delete_contents", 2), reason: nil, pullRequest: true), "189_pull-close-github3-2021.json"),
        (.close(item("hub4j-test-org", "github-api", 484), reason: nil, pullRequest: true), "190_pull-close-hub4j-2024.json"),
        (.reopen(item("sigmavirus24", "github3.py", 509), pullRequest: false), "141_issue-reopen-github3-2017.json"),
        (.reopen(item("<GITHUB_LOGIN>", "<GITHUB_TEST_REPOSITORY>_1477178638.144615", 1), pullRequest: false), "142_issue-reopen-octokitrb-2016.json"),
        (.reopen(item("github3py", "delete_contents", 2), pullRequest: true), "192_pull-reopen-github3-2021.json"),
        (.addLabel(item("sigmavirus24", "github3.py", 497), label: "in progress"), "149_issue-labels-add-github3-2018.json"),
        (.removeLabel(item("sigmavirus24", "github3.py", 509), label: "in progress"), "158_issue-label-remove-github3-2017.json"),
        (.removeLabel(item("hub4j-test-org", "GHIssueTest", 3), label: "removeLabels_label_name_2"), "159_issue-label-remove-hub4j-2022.json"),
        (.removeLabel(item("hub4j-test-org", "GHIssueTest", 3), label: "removeLabels_label_name_3"), "160_issue-label-remove-404-hub4j-2022.json"),
        (.react(item("jacquev6", "PyGithub", 28), content: "hooray"), "165_issue-reaction-create-pygithub-2017.json"),
        (.react(item("hub4j", "github-api", 311), content: "hooray"), "166_issue-reaction-create-hub4j-2022.json"),
        (.requestReview(item("sigmavirus24", "github3.py", 873), reviewers: ["sigmavirus24"]), "179_pull-review-request-github3-2021.json"),
        (.requestReview(item("github-api-test-org", "github-api", 299), reviewers: ["kohsuke2"]), "180_pull-review-request-hub4j-2019.json"),
    ]

    @Test func eachWriteSendsWhatRealClientsSentAndReadsTheRecordedAnswer() throws {
        try withHarness { harness in
            let source = try harness.writer()
            for (write, name) in Self.cases {
                let recording = try RecordedWrite(named: name)
                let outcome = try #require(harness.perform(write, on: source), "\(name): no answer")
                let sent = try #require(try harness.server.requests().last)
                #expect(sent.recording == name, "the fake matched the recording by method, path and body: sent \(sent.method) \(sent.path) \(sent.body ?? "no body")")
                switch (outcome, recording.status) {
                case (.success, 200..<300):
                    break
                case (.failure(let failure), 404):
                    #expect(failure.reason == .notFound && failure.status == 404, "\(name)")
                default:
                    Issue.record("\(name): recorded \(recording.status), got \(outcome)")
                }
            }
        }
    }

    /// Each write's headers: the token, GitHub's media type, and JSON for a body.
    @Test func writesCarryTheTokenTheMediaTypeAndJSON() throws {
        try withHarness { harness in
            let source = try harness.writer(token: "ghp_headers")
            _ = harness.perform(.comment(Self.item("jacquev6", "PyGithub", 28), body: "Comment created by PyGithub"), on: source)
            _ = harness.perform(.star(owner: "nvie", name: "gitflow"), on: source)
            let log = try harness.server.requests()
            #expect(log.map(\.method) == ["POST", "PUT"])
            #expect(log.allSatisfy { $0.headers["authorization"] == "Bearer ghp_headers" && $0.headers["accept"] == "application/vnd.github+json" })
            #expect(log[0].headers["content-type"] == "application/json; charset=utf-8")
            #expect(log[1].headers["content-length"] == "0", "GitHub asks for a zero length on a bodiless PUT")
        }
    }

    /// A path that would take the request (and the token) to another host is refused unsent.
    @Test func aWriteIsOnlyEverSentToTheAPIsHost() throws {
        try withHarness { harness in
            let api = try harness.client(token: "ghp_x")
            let away = GitHubWriteRequest(method: "POST", path: "@elsewhere.example/x", body: ["a": 1], invalidates: [], target: "x")
            guard case .failure(let error)? = harness.wait({ api.write(away, completion: $0) }) else {
                Issue.record("expected a refusal")
                return
            }
            #expect(error.kind == .redirectRefused)
            #expect(try harness.server.requests().isEmpty)
        }
    }

    /// The fields GitHub documents for these writes, where no recording has a body of ours.
    @Test func closeWithAReasonAndMergeSendTheirDocumentedFields() {
        let ref = Self.item("o", "r", 7)
        let close = LiveGitHubSource.request(for: .close(ref, reason: .completed, pullRequest: false))
        #expect((close.method, close.path, close.body) == ("PATCH", "/repos/o/r/issues/7", ["state": "closed", "state_reason": "completed"]))
        let merge = LiveGitHubSource.request(for: .merge(ref, method: "squash", headSHA: "abc123"))
        #expect((merge.method, merge.path, merge.body) == ("PUT", "/repos/o/r/pulls/7/merge", ["merge_method": "squash", "sha": "abc123"]))
        let label = LiveGitHubSource.request(for: .removeLabel(ref, label: "good first issue"))
        #expect((label.method, label.path, label.body) == ("DELETE", "/repos/o/r/issues/7/labels/good%20first%20issue", nil))
        let reopen = LiveGitHubSource.request(for: .reopen(ref, pullRequest: true))
        #expect((reopen.method, reopen.path, reopen.body) == ("PATCH", "/repos/o/r/pulls/7", ["state": "open"]))
    }
}
