import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct RepositoryScreenTests {
    private func screen(_ owner: String, _ name: String) throws -> RepositoryScreen {
        try RepositoryScreen(params: ["owner": .string(owner), "name": .string(name)], source: GeneratedSnapshot.defaultStore())
    }

    private func rows(_ repositoryScreen: RepositoryScreen, query: String = "") throws -> [String: Row] {
        let details = try repositoryScreen.loadSections(query: query).flatMap(\.items)
        return Dictionary(uniqueKeysWithValues: details.map { ($0.id, repositoryScreen.row(for: $0)) })
    }

    @Test func showsAboutStatsAndLinks() throws {
        let repositoryScreen = try screen("torvalds", "linux")
        let linux = repositoryScreen.repository
        #expect(repositoryScreen.title == "torvalds/linux")
        let sections = try repositoryScreen.loadSections(query: "")
        #expect(sections.map(\.id) == ["about", "stats", "links"])

        let byId = try rows(repositoryScreen)
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
        let kinds = Set(sections.flatMap(\.items).map(\.kind))
        #expect(kinds.isSuperset(of: ["stat", "link"]) && kinds.count >= 3)
    }

    @Test func linksOpenURLsAndHomepageOnlyWhenPresent() throws {
        let linux = try screen("torvalds", "linux")
        let linuxRows = try rows(linux)
        #expect(linuxRows["links:homepage"] == nil, "linux has no homepage")
        let github = try #require(linuxRows["links:github"])
        #expect(github.kind == "link" && github.accessory == .link)
        let details = try linux.loadSections(query: "").flatMap(\.items)
        let githubDetail = try #require(details.first { $0.id == "links:github" })
        #expect(linux.selection(for: githubDetail) == .openURL(linux.repository.htmlURL))

        let grit = try screen("mojombo", "grit")
        let homepage = try #require(grit.repository.homepage)
        let controller = ListController(screen: grit)
        try controller.load(query: "")
        #expect(try controller.select(rowId: "links:homepage") == .openURL(homepage))
    }

    @Test func ownerRowPushesTheOwnersRepositories() throws {
        let controller = ListController(screen: try screen("github", "gitignore"))
        try controller.load(query: "")
        let aboutRows = try controller.rows(section: "about", offset: 0, limit: 100)
        let ownerRow = try #require(aboutRows.first { $0.id == "about:owner" })
        #expect(ownerRow.detail == "github" && ownerRow.accessory == .disclosure)
        #expect(try controller.select(rowId: "about:owner") == .push(kind: .repositories, params: ["login": "github"]))
    }

    @Test func missingValuesShowADash() throws {
        let repositoryScreen = try screen("octocat", "octocat.github.io")
        #expect(repositoryScreen.repository.description == nil)
        let byId = try rows(repositoryScreen)
        #expect(byId["about:description"]?.detail == "—")
        #expect(byId["about:license"]?.detail == "—")
    }

    @Test(arguments: ["fork", "STARS", "linux", "zzz-nothing"])
    func queryKeepsRowsWhoseLabelOrValueMatches(query: String) throws {
        let repositoryScreen = try screen("torvalds", "linux")
        let all = try rows(repositoryScreen)
        let sections = try repositoryScreen.loadSections(query: query)
        let kept = try rows(repositoryScreen, query: query)
        let needle = query.lowercased()
        let expected = all.filter { _, row in
            row.title.lowercased().contains(needle) || (row.detail ?? "").lowercased().contains(needle)
        }
        #expect(Set(kept.keys) == Set(expected.keys))
        #expect(kept.allSatisfy { id, row in all[id] == row }, "rows keep their ids and content")
        #expect(sections.allSatisfy { !$0.items.isEmpty })
    }

    private static let badParams: [(JSONValue, String)] = [
        (["name": "linux"], "params.owner"), (["owner": "torvalds"], "params.name"),
        (["owner": "torvalds", "name": 7], "params.name"), (["owner": "", "name": "linux"], "params.owner"),
    ]

    @Test(arguments: badParams)
    func refusesBadParams(params: JSONValue, field: String) {
        #expect(throws: ScreenError.invalidParams("\(field) must be a non-empty string")) {
            try RepositoryScreen(params: params, source: GeneratedSnapshot.defaultStore())
        }
    }

    @Test func refusesAnUnknownRepository() {
        let error = #expect(throws: ScreenError.self) { try screen("torvalds", "no-such-repository") }
        guard case .notFound(let message) = error else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(message.contains("torvalds/no-such-repository"))
    }
}
