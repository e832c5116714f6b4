import GitHubModels
import GitHubScreens
import GitHubSnapshot
import ListController
import NavProtocol
import Testing

@Suite struct RepositoryScreenTests {
    private func open(_ harness: ScreenHarness, _ owner: String, _ name: String, query: String = "") throws -> any ScreenController {
        try harness.open("repository", ["owner": .string(owner), "name": .string(name)], query: query)
    }

    @Test func showsAboutStatsAndLinks() throws {
        let harness = try ScreenHarness()
        let linux = try #require(try GeneratedSnapshot.defaultStore().repository(owner: "torvalds", name: "linux"))
        let controller = try open(harness, "torvalds", "linux")
        #expect(controller.title == "torvalds/linux")
        #expect(controller.sections.map(\.id) == ["about", "browse", "stats", "links"])
        let byId = try harness.byId(controller)
        #expect(byId["browse:issues"]?.detail?.filter(\.isNumber) == String(linux.openIssuesCount))
        #expect(byId["browse:pulls"] != nil && byId["browse:readme"] != nil)
        #expect(byId["about:description"]?.detail == linux.description)
        #expect(byId["about:language"]?.detail == linux.language)
        #expect(byId["about:license"]?.detail == linux.license?.name)
        let stats = [("stats:stars", linux.stargazersCount), ("stats:forks", linux.forksCount),
                     ("stats:watchers", linux.watchersCount), ("stats:open_issues", linux.openIssuesCount)]
        for (id, count) in stats {
            let row = try #require(byId[id], "\(id)")
            #expect(row.kind == "stat")
            #expect(row.detail?.filter(\.isNumber) == String(count), "\(id): \(row.detail ?? "nil")")
        }
        let kinds = Set(byId.values.map(\.kind))
        #expect(kinds.isSuperset(of: ["stat", "link"]) && kinds.count >= 3)
    }

    @Test func linksOpenURLsAndHomepageOnlyWhenPresent() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let linux = try open(harness, "torvalds", "linux")
        let linuxRows = try harness.byId(linux)
        #expect(linuxRows["links:homepage"] == nil, "linux has no homepage")
        let github = try #require(linuxRows["links:github"])
        #expect(github.kind == "link" && github.accessory == .link)
        #expect(try linux.select(rowId: "links:github") == .openURL(try #require(try store.repository(owner: "torvalds", name: "linux")).htmlURL))
        let grit = try open(harness, "mojombo", "grit")
        let homepage = try #require(try store.repository(owner: "mojombo", name: "grit")?.homepage)
        #expect(try grit.select(rowId: "links:homepage") == .openURL(homepage))
    }

    @Test func ownerRowPushesTheOwnersRepositories() throws {
        let harness = try ScreenHarness()
        let controller = try open(harness, "github", "gitignore")
        let ownerRow = try #require(try harness.rows(controller, section: "about").first { $0.id == "about:owner" })
        #expect(ownerRow.detail == "github" && ownerRow.accessory == .disclosure)
        #expect(try controller.select(rowId: "about:owner") == .push(kind: "repositories", params: ["login": "github"]))
    }

    @Test func missingValuesShowADash() throws {
        let harness = try ScreenHarness()
        #expect(try GeneratedSnapshot.defaultStore().repository(owner: "octocat", name: "octocat.github.io")?.description == nil)
        let byId = try harness.byId(try open(harness, "octocat", "octocat.github.io"))
        #expect(byId["about:description"]?.detail == "—")
        #expect(byId["about:license"]?.detail == "—")
    }

    @Test(arguments: ["fork", "STARS", "linux", "zzz-nothing"])
    func queryKeepsRowsWhoseLabelOrValueMatches(query: String) throws {
        let harness = try ScreenHarness()
        let all = try harness.byId(try open(harness, "torvalds", "linux"))
        let filtered = try open(harness, "torvalds", "linux", query: query)
        let kept = try harness.byId(filtered)
        let needle = query.lowercased()
        let expected = all.filter { _, row in row.title.lowercased().contains(needle) || (row.detail ?? "").lowercased().contains(needle) }
        #expect(Set(kept.keys) == Set(expected.keys))
        #expect(kept.allSatisfy { id, row in all[id] == row }, "rows keep their ids and content")
        #expect(filtered.sections.allSatisfy { $0.count > 0 })
    }

    private static let badParams: [(JSONValue, String)] = [
        (["name": "linux"], "params.owner"), (["owner": "torvalds"], "params.name"),
        (["owner": "torvalds", "name": 7], "params.name"), (["owner": "", "name": "linux"], "params.owner"),
    ]

    @Test(arguments: badParams)
    func refusesBadParams(params: JSONValue, field: String) throws {
        let source = try ScreenHarness().source
        #expect(throws: ScreenError.invalidParams("\(field) must be a non-empty string")) {
            try RepositoryScreen(params: params, source: source)
        }
    }

    @Test func anUnknownRepositoryFailsTheOpening() throws {
        let harness = try ScreenHarness()
        #expect(throws: ScreenError.notFound("no repository named 'torvalds/no-such-repository'")) {
            try open(harness, "torvalds", "no-such-repository")
        }
    }
}
