import NavClient
import Testing

/// `navhost show PATH --actions`: each row's actions, under it in the text, as an array in the JSON.
@Suite struct ShowActionsTests {
    @Test func jsonGivesEachRowItsActions() throws {
        let scratch = try ScratchFolder()
        let run = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories", "--actions", "--json", "--state", scratch.path + "/state.sqlite"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let rows = try JSONValue(parsing: run.output)["rows"]?.arrayValue ?? []
        let chronic = try #require(rows.first { $0["id"] == "repo:mojombo/chronic" })
        #expect(chronic["actions"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["star", "open-url", "copy-url", "copy-text"])
        #expect(chronic["actions"]?.arrayValue?.first?["idempotent"] == true)
        #expect(rows.allSatisfy { $0["actions"]?.arrayValue != nil }, "every row has its array")
    }

    @Test func textListsTheActionsUnderTheirRow() throws {
        let scratch = try ScratchFolder()
        let run = try runCommand(
            Binaries.navhost, ["show", "users/mojombo/repositories/chronic/issues/1", "--actions", "--width", "120", "--state", scratch.path + "/state.sqlite"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let state = try #require(lines.firstIndex { $0.hasPrefix("│   State  —  Open") })
        #expect(lines[state + 1].hasPrefix("│       · copy-text: Copy text [Y] read-only"), "\(lines[state + 1])")
        let without = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories/chronic/issues/1", "--width", "120"])
        #expect(!without.output.contains("· copy-text"))
    }
}
