import NavClient
import Testing

/// `navhost show PATH`: the screen at a deep link, printed for shell scripts.
@Suite struct ShowCommandTests {
    @Test func textPrintsTheScreenAtADeepLinkAsTheDemoDoes() throws {
        let run = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories/chronic", "--text"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "┌─ mojombo/chronic · repository s3 (depth 3) · revision 1")
        #expect(lines.contains("│   Stars  —  3,238"))
        #expect(lines.contains("│   GitHub  —  https://github.com/mojombo/chronic  ↗"))
        #expect(lines.last == "└─")
    }

    @Test func jsonHasTheScreenItsStackAndEveryRowOfEverySection() throws {
        let run = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories/chronic", "--json"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let shown = try JSONValue(parsing: run.output)
        #expect(shown["screen"]?["title"]?.stringValue == "mojombo/chronic")
        #expect(shown["stack"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } == ["users", "repositories", "repository"])
        let rows = shown["rows"]?.arrayValue ?? []
        let counted = (shown["sections"]?.arrayValue ?? []).compactMap { $0["count"]?.intValue }.reduce(0, +)
        #expect(rows.count == 15 && counted == 15)
        #expect(rows.last?["id"]?.stringValue == "links:github")
    }

    @Test func everyRowIsReadPastOneWindow() throws {
        let scratch = try ScratchFolder()
        let data = scratch.path + "/big.sqlite"
        let users = RowsRequest.maxLimit + 200
        _ = try runCommand(Binaries.directory + "/screen-worker", ["generate-snapshot", "--out", data, "--users", "\(users)"])
        let run = try runCommand(Binaries.navhost, ["show", "users", "--json", "--data", data])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let rows = try JSONValue(parsing: run.output)["rows"]?.arrayValue ?? []
        #expect(rows.count == users)
        #expect(Set(rows.compactMap { $0["id"]?.stringValue }).count == users, "no row read twice")
    }

    @Test func queryIsTypedIntoTheScreenBeforeItIsShown() throws {
        let run = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories", "--query", "gr", "--text"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        #expect(run.output.contains("│ REPOSITORIES MATCHING 'GR'"), "\(run.output)")
        #expect(run.output.contains("│   grit  —"))
        #expect(!run.output.contains("chronic"))
    }

    @Test func aBadPathOrAMissingItemExitsNonZeroWithTheErrorOnStderr() throws {
        let cases = [
            ("users/mojombo/stars", "navhost show: invalid path 'users/mojombo/stars': segment 3 must be 'repositories' or 'starred', not 'stars'"),
            ("users/mojombo/repositories/nope", "navhost show: nav/open 'users/mojombo/repositories/nope' stopped at the repository screen: no repository named 'mojombo/nope'"),
            ("users/nobody-at-all", "no user named 'nobody-at-all'"),
        ]
        for (path, message) in cases {
            let scratch = try ScratchFolder()
            let command = "'\(Binaries.navhost)' show '\(path)' --json 2>'\(scratch.path)/stderr'"
            let run = try runCommand("/bin/sh", ["-c", command])
            #expect(run.status.exitCode == 1, "\(path)")
            #expect(run.output.isEmpty, "nothing on stdout for \(path): \(run.output)")
            let stderr = try scratch.read("stderr")
            #expect(stderr.contains(message), "\(stderr)")
        }
    }
}
