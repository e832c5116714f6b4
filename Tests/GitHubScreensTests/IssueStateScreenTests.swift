import GitHubScreens
import ListController
import NavProtocol
import Testing

/// An issue list's state param, and an issue's state, author and links, from the snapshot.
@Suite struct IssueStateScreenTests {
    static func chronic(_ state: String? = nil) -> JSONValue {
        var params: [String: JSONValue] = ["owner": "mojombo", "name": "chronic"]
        if let state { params["state"] = .string(state) }
        return .object(params)
    }

    func numbers(_ rows: [Row]) -> [Int] { rows.compactMap { $0.values?["number"]?.intValue } }

    @Test func theStateParamChoosesTheListAndItsHeader() throws {
        let harness = try ScreenHarness()
        let open = try harness.open("issues", Self.chronic())
        let closed = try harness.open("issues", Self.chronic("closed"))
        let all = try harness.open("issues", Self.chronic("all"))
        #expect(open.sections.map(\.header) == ["Open issues"])
        #expect(closed.sections.map(\.header) == ["Closed issues"])
        #expect(all.sections.map(\.header) == ["All issues"])
        let openRows = try harness.allRows(open), closedRows = try harness.allRows(closed), allRows = try harness.allRows(all)
        #expect(!openRows.isEmpty && !closedRows.isEmpty)
        #expect(openRows.allSatisfy { $0.values?["state"]?.stringValue == "open" })
        #expect(closedRows.allSatisfy { $0.values?["state"]?.stringValue == "closed" })
        #expect(Set(numbers(allRows)) == Set(numbers(openRows)).union(numbers(closedRows)))
        #expect(numbers(allRows) == numbers(allRows).sorted(by: >), "newest first")
    }

    @Test(arguments: ["merged", "OPEN", ""])
    func aStateOutsideOpenClosedAndAllIsRefusedNamingTheField(state: String) throws {
        let harness = try ScreenHarness()
        #expect(throws: ScreenError.invalidParams("params.state must be one of open, closed, all, not '\(state)'")) {
            try harness.open("issues", Self.chronic(state))
        }
    }

    @Test func aClosedIssueSaysWhyAndItsAuthorOpensTheirRepositories() throws {
        let harness = try ScreenHarness()
        let closed = try harness.allRows(try harness.open("issues", Self.chronic("closed")))
        let notPlanned = try #require(closed.first { $0.values?["stateReason"]?.stringValue == "not_planned" }, "the snapshot has one")
        let number = try #require(notPlanned.values?["number"]?.intValue)
        let author = try #require(notPlanned.values?["author"]?.stringValue)
        let issue = try harness.open("issue", ["owner": "mojombo", "name": "chronic", "number": .int(number)])
        let about = try harness.byId(issue)
        #expect(about["about:state"]?.detail == "Closed as not planned")
        #expect(about["about:author"]?.detail == author)
        #expect(try issue.select(rowId: "about:author") == .push(kind: "repositories", params: ["login": .string(author)]))
        #expect(try issue.select(rowId: "about:github") == .openURL("https://github.com/mojombo/chronic/issues/\(number)"))
    }

    @Test func selectingAPullRequestOpensItsScreen() throws {
        let harness = try ScreenHarness()
        let pulls = try harness.open("pulls", Self.chronic("all"))
        let first = try #require(try harness.rows(pulls, limit: 1).first)
        let number = try #require(first.values?["number"]?.intValue)
        #expect(try pulls.select(rowId: first.id) == .push(kind: "pull", params: ["owner": "mojombo", "name": "chronic", "number": .int(number)]))
    }
}

/// The README, repository search and stars screens, from the snapshot.
@Suite struct ReadmeSearchAndStarsScreenTests {
    @Test func aReadmesLinksAreRowsThatOpenTheirURL() throws {
        let harness = try ScreenHarness()
        let readme = try harness.open("readme", ["owner": "mojombo", "name": "chronic"])
        #expect(readme.sections.count > 1 && readme.sections.allSatisfy { !($0.header ?? "").contains("#") })
        let links = try harness.allRows(readme).filter { $0.values?["url"] != nil }
        #expect(!links.isEmpty)
        for link in links {
            let url = try #require(link.values?["url"]?.stringValue)
            #expect(try readme.select(rowId: link.id) == .openURL(url))
        }
    }

    @Test func anEmptySearchSaysWhatToTypeAndAQueryListsMostStarredFirst() throws {
        let harness = try ScreenHarness()
        let empty = try harness.open("repository-search")
        #expect(empty.sections.map(\.footer) == ["Type words of a repository's name or description"])
        #expect(try harness.rows(empty).isEmpty)
        let found = try harness.open("repository-search", query: "ruby")
        let repositories = try harness.rows(found, limit: 100).filter { $0.values?["stars"] != nil }
        let stars = repositories.compactMap { $0.values?["stars"]?.intValue }
        #expect(repositories.count > 1 && stars == stars.sorted(by: >), "\(stars)")
        let first = try #require(repositories.first)
        let owner = try #require(first.values?["owner"]?.stringValue), name = try #require(first.values?["name"]?.stringValue)
        #expect(try found.select(rowId: first.id) == .push(kind: "repository", params: ["owner": .string(owner), "name": .string(name)]))
    }

    @Test func aUsersStarsOpenTheirRepositoriesAndAnUnknownUserFails() throws {
        let harness = try ScreenHarness()
        let starred = try harness.open("starred", ["login": "mojombo"])
        let rows = try harness.allRows(starred)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.values?["owner"]?.stringValue != nil })
        let first = try #require(rows.first)
        let owner = try #require(first.values?["owner"]?.stringValue), name = try #require(first.values?["name"]?.stringValue)
        #expect(try starred.select(rowId: first.id) == .push(kind: "repository", params: ["owner": .string(owner), "name": .string(name)]))
        #expect(throws: ScreenError.self) { try harness.open("starred", ["login": "no-such-user-anywhere"]) }
    }
}
