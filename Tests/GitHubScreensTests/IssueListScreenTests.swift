import GitHubScreens
import ListController
import NavProtocol
import Testing

/// A repository's issues and pull requests as their list screens show them, from the snapshot.
@Suite struct IssueListScreenTests {
    static let chronic: JSONValue = ["owner": "mojombo", "name": "chronic"]

    @Test func aQueryKeepsTheIssuesWhoseTitleContainsIt() throws {
        let harness = try ScreenHarness()
        let all = try harness.allRows(try harness.open("issues", Self.chronic))
        let word = "timezone"
        let titled = all.filter { $0.title.lowercased().contains(word) }
        #expect(!titled.isEmpty && titled.count < all.count, "the query has something to keep and to drop")
        let searched = try harness.open("issues", Self.chronic, query: word.uppercased())
        #expect(searched.sections.map(\.header) == ["Open issues matching 'TIMEZONE'"])
        #expect(try harness.allRows(searched).map(\.id) == titled.map(\.id), "the same issues, in the same order")
    }

    @Test func issuesAndPullRequestsAreSeparateLists() throws {
        let harness = try ScreenHarness()
        let issues = Set(try harness.allRows(try harness.open("issues", Self.chronic)).compactMap { $0.values?["number"]?.intValue })
        let pulls = Set(try harness.allRows(try harness.open("pulls", Self.chronic)).compactMap { $0.values?["number"]?.intValue })
        #expect(!issues.isEmpty && !pulls.isEmpty && issues.isDisjoint(with: pulls))
    }
}
