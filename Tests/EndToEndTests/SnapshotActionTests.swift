import NavClient
import NavProtocol
import Testing

/// Row actions on the snapshot source, through the real binaries: each write lands in the local
/// state database and shows on the screens like any other data (docs/protocol.md, section 11).
@Suite struct SnapshotActionTests {
    private static let chronic = "users/mojombo/repositories/chronic"

    @Test func writesAreOnForTheSnapshotAndARepositoryRowOffersAStar() throws {
        let session = try ActionHost()
        let capabilities = try session.host.initialize().capabilities
        #expect(capabilities.actions == ActionCapabilities(writes: true))
        try session.open("users/mojombo/repositories")
        #expect(try session.actions(["repo:mojombo/chronic"]) == ["star", "open-url", "copy-url", "copy-text"])
        try session.shutdown()
    }

    @Test func starringARepositoryRowUpdatesItBeforeTheAnswerAndUnstarringUndoesIt() throws {
        let session = try ActionHost()
        try session.host.initialize()
        try session.open("users/mojombo/repositories")
        let before = try #require(try session.row("repo:mojombo/chronic"))
        let stars = try #require(before["values"]?["stars"]?.intValue)
        #expect(before["values"]?["starred"] == .bool(false))
        _ = session.client.drainNotifications()
        let done = try session.perform("star", on: ["repo:mojombo/chronic"])
        #expect(done["status"] == "done")
        #expect(done["results"] == [["id": "repo:mojombo/chronic", "status": "done"]])
        let updates = session.client.drainNotifications().filter { $0.method == "screen/didUpdate" }
        #expect(updates.first?.params?["changes"]?["reconfigured"] == ["repo:mojombo/chronic"], "the row changed before the answer")
        #expect(updates.last?.params?["revision"] == done["revision"], "the answer is at the revision of the last update")
        let starred = try #require(try session.row("repo:mojombo/chronic"))
        #expect(starred["values"]?["starred"] == .bool(true))
        #expect(starred["values"]?["stars"]?.intValue == stars + 1)
        #expect(starred["values"]?["local"] == .bool(true))
        #expect(try session.actions(["repo:mojombo/chronic"]).first == "unstar")
        _ = try session.perform("unstar", on: ["repo:mojombo/chronic"])
        let unstarred = try #require(try session.row("repo:mojombo/chronic"))
        #expect(unstarred["values"]?["starred"] == .bool(false))
        #expect(unstarred["values"]?["stars"]?.intValue == stars)
        try session.shutdown()
    }

    @Test func theRepositoryScreenStarsItsOwnRepository() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let before = try session.open(Self.chronic)
        let stars = try #require(before.first { $0["id"] == "stats:stars" }?["values"]?["count"]?.intValue)
        #expect(try session.actions(nil).first == "star")
        #expect(try session.perform("star", on: nil)["status"] == "done")
        let after = try session.rows()
        #expect(after.first { $0["id"] == "stats:stars" }?["values"] == ["count": .int(stars + 1), "starred": true])
        try session.shutdown()
    }

    @Test func aCommentAppearsInTheIssuesCommentsAndSurvivesARestart() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let rows = try session.open(Self.chronic + "/issues/1")
        let counted = try #require(rows.first { $0["id"] == "about:comments" }?["values"]?["count"]?.intValue)
        let body = "Seen on 2.0 as well.\n\nSteps: run `chronic now`."
        _ = session.client.drainNotifications()
        let answer = try session.perform("comment", on: nil, input: ["body": .string(body)])
        #expect(answer["status"] == "done")
        // Shown at once: the count, and the comment after the loaded ones; then the source's.
        let first = session.client.drainNotifications().first { $0.method == "screen/didUpdate" }?.params?["changes"]
        #expect(first?["reconfigured"] == ["about:comments"])
        #expect(first?["inserted"]?.arrayValue?.map { $0["id"] } == ["comment:0"])
        let after = try session.rows()
        let comments = after.filter { $0["section"] == "comments" }
        #expect(comments.count == counted + 1)
        #expect(comments.last?["values"]?["body"] == .string(body))
        #expect(comments.last?["values"]?["author"] == "you")
        #expect(after.first { $0["id"] == "about:comments" }?["values"]?["count"]?.intValue == counted + 1)
        try session.shutdown()
        // A new navhost over the same local state shows it too.
        let again = try ActionHost(after: session)
        try again.host.initialize()
        let reread = try again.open(Self.chronic + "/issues/1").filter { $0["section"] == "comments" }
        #expect(reread.last?["values"]?["body"] == .string(body))
        try again.shutdown()
    }

    @Test func closingAsksFirstAndTheIssueMovesToTheClosedList() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let open = try session.open(Self.chronic + "/issues")
        let first = try #require(open.first?["id"]?.stringValue)
        let asked = try session.perform("close", on: [first], input: ["reason": "not_planned"])
        #expect(asked["status"] == "confirm")
        #expect(asked["message"]?.stringValue?.contains("as not planned") == true)
        #expect(try session.row(first) != nil, "nothing was done before the confirmation")
        let token = try #require(asked["confirm"]?.stringValue)
        let other = session.performError("close", on: [first], input: ["reason": "completed"], confirm: token)
        #expect(other?.code == RPCErrorCode.actionFailed && other?.data?["reason"] == "staleConfirmation", "a token is bound to its input")
        let reused = session.performError("close", on: [first], input: ["reason": "not_planned"], confirm: token)
        #expect(reused?.data?["reason"] == "staleConfirmation", "a token is used once")
        let done = try session.perform("close", on: [first], input: ["reason": "not_planned"], confirming: true)
        #expect(done["status"] == "done")
        #expect(try session.row(first) == nil, "it left the open list")
        let closed = try session.client.request("nav/push", ["kind": "issues", "params": ["owner": "mojombo", "name": "chronic", "state": "closed"]])
        let closedRows = try session.rows(closed["screen"]?["id"]?.stringValue)
        let moved = try #require(closedRows.first { $0["id"]?.stringValue == first })
        #expect(moved["values"]?["state"] == "closed" && moved["values"]?["stateReason"] == "not_planned")
        #expect(closedRows.compactMap { $0["values"]?["number"]?.intValue } == closedRows.compactMap { $0["values"]?["number"]?.intValue }.sorted(by: >))
        #expect(try session.actions([first]).contains("reopen"))
        #expect(try session.perform("reopen", on: [first])["status"] == "done")
        #expect(try session.row(first) == nil, "it left the closed list")
        _ = try session.client.request("nav/pop")
        try session.shutdown()
    }

    @Test func theRepositoryScreensIssueCountIsWhatTheIssueListHoldsBeforeAndAfterAClose() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let count = { (rows: [JSONValue]) in rows.first { $0["id"] == "browse:issues" }?["values"]?["count"]?.intValue }
        let before = try #require(count(try session.open(Self.chronic)))
        let issues = try session.open(Self.chronic + "/issues")
        #expect(issues.count == before, "the Issues row counts what the issue list shows")
        let first = try #require(issues.first?["id"]?.stringValue)
        _ = try session.perform("close", on: [first], confirming: true)
        #expect(try session.rows().count == before - 1)
        #expect(count(try session.open(Self.chronic)) == before - 1)
        try session.shutdown()
    }

    @Test func twoMarkedIssuesAreLabelledAtOnce() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let labelled = try session.open(Self.chronic + "/issues").filter { ($0["values"]?["labels"]?.arrayValue ?? []).isEmpty == false }
        let targets = try #require(labelled.count >= 2 ? labelled.prefix(2).compactMap { $0["id"]?.stringValue } : nil)
        let label = "help wanted"
        let answer = try session.perform("add-label", on: targets, input: ["label": .string(label)])
        #expect(answer["results"]?.arrayValue?.map { $0["status"] } == ["done", "done"])
        for target in targets {
            #expect(try session.row(target)?["values"]?["labels"]?.arrayValue?.contains(.string(label)) == true)
        }
        try session.shutdown()
    }

    @Test func aLabelIsRemovedAReactionAddedAndAReviewRequested() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let issues = try session.open(Self.chronic + "/issues")
        let labelled = try #require(issues.first { !($0["values"]?["labels"]?.arrayValue ?? []).isEmpty })
        let id = try #require(labelled["id"]?.stringValue)
        let label = try #require(labelled["values"]?["labels"]?.arrayValue?.first)
        #expect(try session.perform("remove-label", on: [id], input: ["label": label])["status"] == "done")
        #expect(try session.row(id)?["values"]?["labels"]?.arrayValue?.contains(label) == false)
        #expect(try session.perform("react", on: [id], input: ["content": "+1"])["status"] == "done")
        let odd = session.performError("react", on: [id], input: ["content": "thumbs"])
        #expect(odd?.data?["reason"] == "validation" && odd?.data?["field"] == "content")
        let pulls = try session.open(Self.chronic + "/pulls")
        let pull = try #require(pulls.first?["id"]?.stringValue)
        #expect(try session.perform("request-review", on: [pull], input: ["reviewers": "mojombo, defunkt"])["status"] == "done")
        let nobody = session.performError("request-review", on: [pull], input: ["reviewers": "no-such-user-here"])
        #expect(nobody?.code == RPCErrorCode.actionFailed && nobody?.data?["reason"] == "validation" && nobody?.data?["status"] == 422)
        let listed = try runCommand(Binaries.navhost, ["changes", "--state", session.statePath, "--json"])
        let kinds = (try JSONValue(parsing: listed.output).arrayValue ?? []).compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["remove-label", "react", "request-review"], "each write once, the refused ones not at all")
        try session.shutdown()
    }

    @Test func missingInputIsAskedForAndBadInputIsRefusedWithItsTextKept() throws {
        let session = try ActionHost()
        try session.host.initialize()
        try session.open(Self.chronic + "/issues/1")
        let asked = try session.perform("comment", on: nil)
        #expect(asked["status"] == "inputRequired")
        #expect(asked["fields"]?.arrayValue?.map { $0["name"] } == ["body"])
        let blank = "   \n  "
        let refused = session.performError("comment", on: nil, input: ["body": .string(blank)])
        #expect(refused?.code == RPCErrorCode.actionFailed)
        #expect(refused?.data?["reason"] == "validation" && refused?.data?["input"]?["body"] == .string(blank))
        let unknown = session.performError("fly", on: nil)
        #expect(unknown?.code == RPCErrorCode.invalidParams && unknown?.data?["reason"] == "unknownAction")
        let missing = session.performError("star", on: ["repo:nobody/nothing"])
        #expect(missing?.data?["reason"] == "notFound" && missing?.data?["rowId"] == "repo:nobody/nothing")
        try session.shutdown()
    }

    @Test func aMergedPullLeavesTheOpenListAndTheReadOnlyActionsAnswerWithTheirText() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let rows = try session.open(Self.chronic + "/pulls")
        let pull = try #require(rows.first?["id"]?.stringValue)
        let url = try session.perform("open-url", on: [pull])["results"]?.arrayValue?.first?["url"]?.stringValue
        #expect(url?.hasPrefix("https://github.com/mojombo/chronic/pull/") == true)
        let text = try session.perform("copy-text", on: [pull])["results"]?.arrayValue?.first?["text"]?.stringValue
        #expect(text?.hasPrefix("#") == true)
        let merged = try session.perform("merge", on: [pull], input: ["method": "squash"], confirming: true)
        #expect(merged["status"] == "done")
        #expect(try session.row(pull) == nil, "a merged pull request leaves the open list")
        try session.shutdown()
    }

    @Test func aFloodOfPerformsWritesEachExactlyOnce() throws {
        let session = try ActionHost()
        try session.host.initialize()
        let rows = try session.open(Self.chronic + "/issues/1")
        let counted = try #require(rows.first { $0["id"] == "about:comments" }?["values"]?["count"]?.intValue)
        // Pipelined: navhost runs a perform at a time, so none waits behind another in the worker.
        for index in 0..<20 {
            session.client.send([
                "jsonrpc": "2.0", "id": .int(1000 + index), "method": "screen/perform",
                "params": ["action": "comment", "input": ["body": .string("comment \(index)")]],
            ])
        }
        var done = 0
        for _ in 0..<20 {
            let reply = try session.client.nextReply()
            if reply["result"]?["status"] == "done" { done += 1 }
        }
        let after = try session.rows()
        #expect(after.filter { $0["section"] == "comments" }.count == counted + done, "each done perform wrote exactly once")
        #expect(done == 20)
        try session.shutdown()
    }

    @Test func navhostChangesListsAndDiscardsTheLocalChanges() throws {
        let session = try ActionHost()
        try session.host.initialize()
        try session.open("users/mojombo/repositories")
        _ = try session.perform("star", on: ["repo:mojombo/chronic"])
        try session.shutdown()
        let listed = try runCommand(Binaries.navhost, ["changes", "--state", session.statePath, "--json"])
        let changes = try JSONValue(parsing: listed.output).arrayValue ?? []
        #expect(changes.map { $0["kind"] } == ["star"] && changes.first?["name"] == "chronic")
        let discarded = try runCommand(Binaries.navhost, ["changes", "--state", session.statePath, "--discard"])
        #expect(discarded.status.exitCode == 0 && discarded.output.contains("Discarded 1 local change"))
        let again = try ActionHost(after: session)
        try again.host.initialize()
        try again.open("users/mojombo/repositories")
        #expect(try again.row("repo:mojombo/chronic")?["values"]?["starred"] == .bool(false))
        try again.shutdown()
    }
}
