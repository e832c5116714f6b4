import FakeGitHub
import NavClient
import Testing

/// `navhost perform PATH ACTION`: an action from a shell script, on the snapshot with a local
/// state of the test's own; the exit status says whether it was done.
@Suite struct PerformCommandTests {
    static let issue = "users/mojombo/repositories/chronic/issues/1"

    /// `navhost show PATH --json` against the same local state.
    static func shown(_ path: String, state: String) throws -> JSONValue {
        try JSONValue(parsing: try runCommand(Binaries.navhost, ["show", path, "--json", "--state", state]).output)
    }

    @Test func aStarOnARowIsDoneAndShows() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/state.sqlite"
        let run = try runCommand(Binaries.navhost, ["perform", "users/mojombo/repositories", "star", "--row", "repo:mojombo/chronic", "--state", state])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.first?.hasPrefix("star on repo:mojombo/chronic: revision ") == true, "\(run.output)")
        #expect(lines.last == "repo:mojombo/chronic\tdone")
        let rows = try Self.shown("users/mojombo/repositories", state: state)["rows"]?.arrayValue ?? []
        #expect(rows.first { $0["id"] == "repo:mojombo/chronic" }?["values"]?["starred"] == true)
    }

    @Test func aCommentOnTheScreensOwnItemTakesItsInputAndPrintsTheResultAsJSON() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/state.sqlite"
        let run = try runCommand(Binaries.navhost, ["perform", Self.issue, "comment", "--input", "body=From a shell script.", "--json", "--state", state])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let result = try JSONValue(parsing: run.output)
        #expect(result["status"] == "done" && result["results"]?.arrayValue?.first?["status"] == "done")
        let rows = try Self.shown(Self.issue, state: state)["rows"]?.arrayValue ?? []
        #expect(rows.last?["values"]?["body"] == "From a shell script.")
    }

    @Test func unstarReopenAndALabelOnTwoIssuesAtOnce() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/state.sqlite"
        let perform = { (arguments: [String]) throws -> Int64? in
            try runCommand(Binaries.navhost, ["perform"] + arguments + ["--state", state]).status.exitCode
        }
        #expect(try perform(["users/mojombo/repositories", "star", "--row", "repo:mojombo/chronic"]) == 0)
        #expect(try perform(["users/mojombo/repositories", "unstar", "--row", "repo:mojombo/chronic"]) == 0)
        let repositories = try Self.shown("users/mojombo/repositories", state: state)["rows"]?.arrayValue ?? []
        #expect(repositories.first { $0["id"] == "repo:mojombo/chronic" }?["values"]?["starred"] == false)
        #expect(try perform([Self.issue, "close", "--input", "reason=completed", "--yes"]) == 0)
        #expect(try perform([Self.issue, "reopen"]) == 0)
        let state1 = try Self.shown(Self.issue, state: state)["rows"]?.arrayValue?.first { $0["id"] == "about:state" }
        #expect(state1?["values"]?["state"] == "open" && state1?["values"]?["stateReason"] == "reopened")
        let list = "users/mojombo/repositories/chronic/issues"
        #expect(try perform([list, "add-label", "--row", "issue:42", "--row", "issue:38", "--input", "label=help wanted"]) == 0)
        let issues = try Self.shown(list, state: state)["rows"]?.arrayValue ?? []
        for id in ["issue:42", "issue:38"] {
            #expect(issues.first { $0["id"] == .string(id) }?["values"]?["labels"]?.arrayValue?.contains("help wanted") == true, "\(id)")
        }
    }

    @Test func aMissingInputIsNotDone() throws {
        let scratch = try ScratchFolder()
        let command = "'\(Binaries.navhost)' perform '\(Self.issue)' comment --state '\(scratch.path)/state.sqlite' 2>'\(scratch.path)/stderr'"
        let run = try runCommand("/bin/sh", ["-c", command])
        #expect(run.status.exitCode == 1)
        #expect(try scratch.read("stderr").contains("navhost perform: not done: comment needs input: body (text; required); give each with --input NAME=VALUE"))
    }

    @Test func aRefusedCommentSaysWhyAndGivesItsTextBack() throws {
        let scratch = try ScratchFolder()
        // A script of its own: the input's spaces are the point, and survive only quoted once.
        let script = try scratch.write("perform.sh", "'\(Binaries.navhost)' perform '\(Self.issue)' comment --input 'body=   ' --state '\(scratch.path)/state.sqlite' 2>'\(scratch.path)/stderr'\n")
        let run = try runCommand("/bin/sh", [script])
        #expect(run.status.exitCode == 1)
        let said = try scratch.read("stderr")
        #expect(said.contains("navhost perform: 'body' must be more than white space (validation)"), "\(said)")
        #expect(said.contains(#"navhost comment: the input was {"body":"   "}"#), "\(said)")
    }

    @Test func aDestructiveActionWithoutATerminalIsRefusedUnlessYes() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/state.sqlite"
        let refused = "'\(Binaries.navhost)' perform '\(Self.issue)' close --input reason=not_planned --state '\(state)' 2>'\(scratch.path)/stderr' </dev/null"
        #expect(try runCommand("/bin/sh", ["-c", refused]).status.exitCode == 1)
        #expect(try scratch.read("stderr").contains("close is destructive (Close #1 'How do I configure the queue?' as not planned?); confirm on a terminal or pass --yes"))
        func stateRow() throws -> JSONValue? {
            (try Self.shown(Self.issue, state: state)["rows"]?.arrayValue ?? []).first { $0["id"] == "about:state" }?["values"]
        }
        #expect(try stateRow()?["state"] == "open")
        let confirmed = try runCommand(Binaries.navhost, ["perform", Self.issue, "close", "--input", "reason=not_planned", "--yes", "--state", state])
        #expect(confirmed.status.exitCode == 0, "\(confirmed.output)")
        #expect(try stateRow() == ["state": "closed", "stateReason": "not_planned"])
    }

    @Test func onATerminalNoIsTheDefault() throws {
        let scratch = try ScratchFolder()
        let state = scratch.path + "/state.sqlite"
        // script(1) gives the command a terminal; the answer typed is an empty line (No), then y.
        func onTerminal(_ answer: String) throws -> Int64? {
            let input = try scratch.write("answer", answer)
            let command = "'\(Binaries.navhost)' perform '\(Self.issue)' close --state '\(state)'"
            return try runCommand("/usr/bin/script", ["-qec", command, "/dev/null"], stdinFile: input).status.exitCode
        }
        #expect(try onTerminal("\n") == 1)
        #expect((try Self.shown(Self.issue, state: state)["rows"]?.arrayValue ?? []).first { $0["id"] == "about:state" }?["values"]?["state"] == "open")
        #expect(try onTerminal("y\n") == 0)
        #expect((try Self.shown(Self.issue, state: state)["rows"]?.arrayValue ?? []).first { $0["id"] == "about:state" }?["values"]?["state"] == "closed")
    }
}

/// `navhost perform` on the live source, against the fake GitHub.
@Suite struct LivePerformCommandTests {
    @Test func aCommentGitHubRefusesGivesItsTextBack() throws {
        let (comments, rules) = FakeGitHubFixture.refusedComment
        let github = try FakeGitHubFixture("perform-refused", rules: rules)
        let scratch = try ScratchFolder()
        let script = try scratch.write("perform.sh", """
            XDG_STATE_HOME='\(scratch.path)' '\(Binaries.navhost)' perform users/PyGithub/repositories/PyGithub/issues/28 comment \
            --input 'body=A reply that must not be lost.' --source github --api-url '\(github.server.baseURL)' \
            --cache '\(github.cachePath)' --allow-writes 2>'\(scratch.path)/stderr'

            """)
        let run = try runCommand("/bin/sh", [script])
        #expect(run.status.exitCode == 1)
        let said = try scratch.read("stderr")
        #expect(said.contains("(forbidden)"), "\(said)")
        #expect(said.contains(#"navhost comment: the input was {"body":"A reply that must not be lost."}"#), "\(said)")
        let posts = try github.server.settledRequests().filter { $0.method == "POST" }
        #expect(posts.map(\.path) == [comments], "posted once, never again by itself")
    }
}
