import FakeGitHub
import Foundation
import NavClient
import NavProtocol
import Testing

/// The GitHub screens' writes over the real binaries: navhost `--source github --allow-writes`
/// with a token, against the fake GitHub, which keeps what was written. What the user sees
/// after each perform is what GitHub now says.
@Suite
struct LiveActionsTests {
    static let token = "ghp_liveActionsToken0123456789"
    static let repository: JSONValue = ["owner": "PyGithub", "name": "PyGithub"]
    static let issue: JSONValue = ["owner": "PyGithub", "name": "PyGithub", "number": 28]

    /// The host's state and cache folders: Swift Testing makes a suite value for each test and
    /// keeps it until the test ends, so they are removed then.
    let home: ScratchFolder

    init() throws {
        home = try ScratchFolder()
    }

    /// A host with a token, and state and cache folders of its own.
    func host(_ github: FakeGitHubFixture, allowWrites: Bool = true) throws -> HostUnderTest {
        let environment = FakeGitHubFixture.environment + ["GITHUB_TOKEN=\(Self.token)", "XDG_STATE_HOME=\(home.path)/state", "XDG_CACHE_HOME=\(home.path)/cache"]
        // The root asks nothing of GitHub until a query is typed.
        return try github.host(["--root", "repository-search"] + (allowWrites ? ["--allow-writes"] : []), environment: environment)
    }

    static func stars(_ host: HostUnderTest) throws -> JSONValue? {
        try host.rows().rows.first { $0.id == "stats:stars" }?.values
    }

    @Test func starringAndUnstarringShowGitHubsNewState() throws {
        let github = try FakeGitHubFixture("live-star", rules: [])
        let host = try self.host(github)
        #expect(try host.initialize().capabilities.actions.writes == true)
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "repository", params: Self.repository)).screen.id)
        let before = try #require(try Self.stars(host))
        #expect(before["starred"] == false, "GitHub said 404 to the star check")
        let count = try #require(before["count"]?.intValue)
        #expect(try host.client.send(ActionsRequest()).actions.map(\.id).prefix(1) == ["star"])

        #expect(try host.client.send(PerformRequest(action: "star")).status == .done)
        #expect(try Self.stars(host) == ["count": .int(count + 1), "starred": true])
        #expect(try host.client.send(ActionsRequest()).actions.map(\.id).prefix(1) == ["unstar"])

        #expect(try host.client.send(PerformRequest(action: "unstar")).status == .done)
        #expect(try Self.stars(host) == ["count": .int(count), "starred": false])

        let writes = try github.server.settledRequests().filter { $0.method != "GET" }
        #expect(writes.map { "\($0.method) \($0.path) \($0.status ?? 0)" } == [
            "PUT /user/starred/PyGithub/PyGithub 204", "DELETE /user/starred/PyGithub/PyGithub 204",
        ])
        #expect(writes.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aCommentAppearsInTheIssuesComments() throws {
        let github = try FakeGitHubFixture("live-comment", rules: [])
        let host = try self.host(github)
        try host.initialize()
        let screen = try host.readToEnd(try host.client.send(PushRequest(kind: "issue", params: Self.issue)).screen.id)
        #expect(!screen.rows.contains { $0.kind == "comment" })

        let done = try host.client.send(PerformRequest(action: "comment", input: ["body": "Still seen on 2.1, see the log"]))
        #expect(done.status == .done && done.results?.map(\.status) == ["done"])
        let comments = try host.rows().rows.filter { $0.section == "comments" }
        #expect(comments.map(\.title) == ["navshell-tester"])
        #expect(comments.first?.subtitle?.contains("Still seen on 2.1, see the log") == true)
        let posted = try github.server.settledRequests().filter { $0.method == "POST" }
        #expect(posted.map(\.path) == ["/repos/PyGithub/PyGithub/issues/28/comments"])
        #expect(posted.map(\.body) == [#"{"body":"Still seen on 2.1, see the log"}"#])
        #expect(try host.shutdown().exitCode == 0)
    }

    /// The recorded issue is closed as completed: reopened, then closed again as not planned,
    /// which asks for a confirmation first.
    @Test func reopeningThenClosingWithAReasonAfterTheConfirmation() throws {
        let github = try FakeGitHubFixture("live-close", rules: [])
        let host = try self.host(github)
        try host.initialize()
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "issue", params: Self.issue)).screen.id)
        func state() throws -> JSONValue? { try host.rows().rows.first { $0.id == "about:state" }?.values }
        #expect(try state()?["state"] == "closed")

        #expect(try host.client.send(PerformRequest(action: "reopen")).status == .done)
        #expect(try state()?["state"] == "open")

        let asked = try host.client.send(PerformRequest(action: "close", input: ["reason": "not_planned"]))
        #expect(asked.status == .confirm)
        #expect(asked.message == "Close #28 'Issue created by PyGithub' as not planned?")
        #expect(try github.server.requests().filter { $0.method == "PATCH" }.count == 1, "nothing sent before the confirmation")
        let token = try #require(asked.confirm)
        let closed = try host.client.send(PerformRequest(action: "close", input: ["reason": "not_planned"], confirm: token))
        #expect(closed.status == .done)
        #expect(try state()?["state"] == "closed")
        #expect(try state()?["stateReason"] == "not_planned")

        let patches = try github.server.settledRequests().filter { $0.method == "PATCH" }
        #expect(patches.map(\.body) == [#"{"state":"open"}"#, #"{"state":"closed","state_reason":"not_planned"}"#])
        #expect(try host.shutdown().exitCode == 0)
    }

    /// A label added and removed, a reaction, on the recorded issue; a review requested on an
    /// open recorded pull request and that pull request merged: each sent to its endpoint, and
    /// what GitHub then says shown.
    @Test func labelsAReactionAReviewAndAMerge() throws {
        // The pull request's conversation is not recorded: none.
        let github = try FakeGitHubFixture("live-more", rules: [FakeRule(path: "/repos/jacquev6/PyGithub/issues/39/comments", status: 200, body: [])])
        let host = try self.host(github)
        try host.initialize()
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "issue", params: Self.issue)).screen.id)
        func labels() throws -> JSONValue? { try host.rows().rows.first { $0.id == "about:labels" }?.values?["value"] }
        #expect(try host.client.send(PerformRequest(action: "add-label", input: ["label": "documentation"])).status == .done)
        #expect(try labels()?.arrayValue?.contains("documentation") == true)
        #expect(try host.client.send(PerformRequest(action: "remove-label", input: ["label": "documentation"])).status == .done)
        #expect(try labels()?.arrayValue?.contains("documentation") == false)
        #expect(try host.client.send(PerformRequest(action: "react", input: ["content": "heart"])).status == .done)

        let pull: JSONValue = ["owner": "jacquev6", "name": "PyGithub", "number": 39]
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "pull", params: pull)).screen.id)
        #expect(try host.client.send(PerformRequest(action: "request-review", input: ["reviewers": "jacquev6"])).status == .done)
        let asked = try host.client.send(PerformRequest(action: "merge", input: ["method": "squash"]))
        #expect(asked.status == .confirm)
        let token: String = try #require(asked.confirm)
        let merged = try host.client.send(PerformRequest(action: "merge", input: ["method": "squash"], confirm: token))
        #expect(merged.status == .done)
        #expect(try host.rows().rows.first { $0.id == "about:state" }?.values?["merged"] == true)

        let writes = try github.server.settledRequests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
        #expect(writes == [
            "POST /repos/PyGithub/PyGithub/issues/28/labels", "DELETE /repos/PyGithub/PyGithub/issues/28/labels/documentation",
            "POST /repos/PyGithub/PyGithub/issues/28/reactions", "POST /repos/jacquev6/PyGithub/pulls/39/requested_reviewers",
            "PUT /repos/jacquev6/PyGithub/pulls/39/merge",
        ])
        #expect(try host.shutdown().exitCode == 0)
    }

    /// GitHub refuses the comment: the error says why, with GitHub's status, and gives back
    /// the text the user typed, whole.
    @Test(arguments: [(422, "validation"), (403, "forbidden")])
    func aFailedCommentKeepsTheTypedText(status: Int, reason: String) throws {
        let github = try FakeGitHubFixture("live-comment-\(status)", rules: [
            FakeRule(path: "/repos/PyGithub/PyGithub/issues/28/comments", status: status, body: ["message": "Body is not allowed"]),
        ])
        let host = try self.host(github)
        try host.initialize()
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "issue", params: Self.issue)).screen.id)
        let typed = "A long reply\nwith two lines and ünïcode"
        let error = try #require(host.expectError(PerformRequest.method, ["action": "comment", "input": ["body": .string(typed)]]))
        #expect(error.code == RPCErrorCode.actionFailed)
        #expect(error.data?["reason"] == .string(reason))
        #expect(error.data?["status"] == .int(status))
        #expect(error.data?["input"]?["body"] == .string(typed))
        #expect(error.message.contains("Body is not allowed"))
        #expect(try github.server.settledRequests().filter { $0.method == "POST" }.count == 1, "sent once, not retried")
        #expect(try !host.rows().rows.contains { $0.section == "comments" && $0.kind == "comment" })
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func withoutAllowWritesWritesAreRefusedAndNothingIsSent() throws {
        let github = try FakeGitHubFixture("live-no-writes", rules: [])
        let host = try self.host(github, allowWrites: false)
        #expect(try host.initialize().capabilities.actions.writes == false)
        _ = try host.readToEnd(try host.client.send(PushRequest(kind: "repository", params: Self.repository)).screen.id)
        let star = try #require(try host.client.send(ActionsRequest()).actions.first { $0.id == "star" })
        #expect(star.disabled?.reason.contains("--allow-writes") == true)
        let error = try #require(host.expectError(PerformRequest.method, ["action": "star"]))
        #expect(error.code == RPCErrorCode.actionFailed)
        #expect(error.data?["reason"] == "writesDisabled")
        #expect(try github.server.settledRequests().allSatisfy { $0.method == "GET" })
        #expect(try !github.server.settledRequests().contains { $0.path.hasPrefix("/user/starred") }, "nor is the star check asked")
        #expect(try host.shutdown().exitCode == 0)
    }
}
