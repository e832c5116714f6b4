import NavClient
import NavProtocol
import Testing

/// The GitHub app's issue, pull request, README and stars screens, printed by `navhost show` from
/// the embedded snapshot as a user reads them.
@Suite struct AppScreensShowTests {
    private func show(_ path: String) throws -> JSONValue {
        let run = try runCommand(Binaries.navhost, ["show", path, "--json"])
        #expect(run.status.exitCode == 0, "\(path): \(run.output)")
        return try JSONValue(parsing: run.output)
    }

    private func rows(_ shown: JSONValue, section: String) -> [JSONValue] {
        (shown["rows"]?.arrayValue ?? []).filter { $0["section"]?.stringValue == section }
    }

    @Test func issuesListOpenIssuesNewestFirstWithoutPullRequests() throws {
        let shown = try show("users/mojombo/repositories/chronic/issues")
        #expect(shown["stack"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } == ["users", "repositories", "repository", "issues"])
        let issues = shown["rows"]?.arrayValue ?? []
        #expect(!issues.isEmpty)
        let numbers = issues.compactMap { $0["values"]?["number"]?.intValue }
        #expect(numbers.count == issues.count && numbers == numbers.sorted(by: >), "newest first: \(numbers)")
        #expect(issues.allSatisfy { $0["values"]?["state"]?.stringValue == "open" })
        #expect(issues.allSatisfy { ($0["title"]?.stringValue ?? "").hasPrefix("#") })
        let pulls = try show("users/mojombo/repositories/chronic/pulls")
        let pullNumbers = Set((pulls["rows"]?.arrayValue ?? []).compactMap { $0["values"]?["number"]?.intValue })
        #expect(!pullNumbers.isEmpty && pullNumbers.isDisjoint(with: numbers), "no pull request in the issue list")
    }

    @Test func anIssueShowsItsFactsBodyAndComments() throws {
        let shown = try show("users/mojombo/repositories/chronic/issues/1")
        #expect(shown["screen"]?["title"]?.stringValue == "mojombo/chronic#1")
        let sections = (shown["sections"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(sections.count == 3, "about, body, comments: \(sections)")
        let about = rows(shown, section: "about")
        #expect(about.map { $0["title"]?.stringValue }.prefix(2) == ["Title", "State"])
        #expect(about.first?["detail"] != nil && about.first?["detail"] == about.first?["values"]?["value"], "the title shows whole")
        let counted = try #require(about.first { $0["id"]?.stringValue == "about:comments" }?["values"]?["count"]?.intValue)
        let comments = try #require(sections.last.map { rows(shown, section: $0) })
        #expect(counted > 0 && comments.count == counted, "as many comments as the issue's About counts")
        #expect(comments.allSatisfy { !($0["subtitle"]?.stringValue ?? "").isEmpty }, "each comment's text shows")
    }

    @Test func aPullRequestShowsItsBranchesAndChanges() throws {
        let shown = try show("users/mojombo/repositories/chronic/pulls/3")
        let byTitle = Dictionary((shown["rows"]?.arrayValue ?? []).compactMap { row in
            row["title"]?.stringValue.map { ($0, row["detail"]?.stringValue ?? "") } }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle["Branches"]?.contains(" ← ") == true)
        for fact in ["Commits", "Changed files", "Additions", "Deletions", "Mergeable"] {
            #expect(byTitle[fact].map { !$0.isEmpty } == true, "\(fact)")
        }
    }

    @Test func theReadmeIsReadableTextWithoutMarkup() throws {
        let shown = try show("users/mojombo/repositories/chronic/readme")
        let headers = (shown["sections"]?.arrayValue ?? []).compactMap { $0["header"]?.stringValue }
        #expect(headers.count > 1 && headers.allSatisfy { !$0.contains("#") }, "sections by heading: \(headers)")
        let titles = (shown["rows"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(!titles.isEmpty && titles.allSatisfy { !$0.hasPrefix("#") && !$0.hasPrefix("```") && !$0.contains("**") })
    }

    @Test func starredListsRepositoriesThatOpen() throws {
        let shown = try show("users/mojombo/starred")
        let starred = shown["rows"]?.arrayValue ?? []
        #expect(!starred.isEmpty)
        #expect(starred.allSatisfy { $0["accessory"]?.stringValue == "disclosure" && ($0["id"]?.stringValue ?? "").hasPrefix("repo:") })
    }
}
