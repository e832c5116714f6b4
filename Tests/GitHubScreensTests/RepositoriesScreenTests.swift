import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct RepositoriesScreenTests {
    private func screen(_ params: JSONValue) throws -> RepositoriesScreen {
        try RepositoriesScreen(params: params, source: GeneratedSnapshot.defaultStore())
    }

    @Test func listsEveryRepositoryOfTheUserMostStarredFirst() throws {
        let store = try GeneratedSnapshot.defaultStore()
        for user in try GeneratedSnapshot.allUsers(in: store).prefix(25) {
            let repositoriesScreen = try screen(["login": .string(user.login)])
            let sections = try repositoriesScreen.loadSections(query: "")
            let section = try #require(sections.first)
            #expect(sections.count == 1 && section.id == "repositories")
            #expect(section.items.count == user.publicRepos)
            let stars = section.items.map(\.stargazersCount)
            #expect(stars == stars.sorted(by: >))
            let rowIds = section.items.map { repositoriesScreen.row(for: $0).id }
            #expect(rowIds == section.items.map { "repo:\(user.login)/\($0.name)" })
            #expect(Set(rowIds).count == rowIds.count)
        }
    }

    @Test func loginIsMatchedIgnoringCaseAndTitledAsStored() throws {
        let repositoriesScreen = try screen(["login": "OCTOCAT"])
        #expect(repositoriesScreen.owner.login == "octocat")
        #expect(repositoriesScreen.title.contains("octocat"))
    }

    @Test func aRepositoryWithoutDescriptionKeepsItsRow() throws {
        let repositoriesScreen = try screen(["login": "octocat"])
        let repositories = try #require(try repositoriesScreen.loadSections(query: "").first?.items)
        let undescribed = try #require(repositories.first { $0.description == nil })
        let row = repositoriesScreen.row(for: undescribed)
        #expect(row.title == undescribed.name)
        #expect(row.subtitle == nil)
        #expect(row.kind == "repository")
        #expect(row.accessory == .disclosure)
    }

    @Test func rowsShowDescriptionLanguageAndStars() throws {
        let repositoriesScreen = try screen(["login": "torvalds"])
        let linux = try #require(try repositoriesScreen.loadSections(query: "").first?.items.first { $0.name == "linux" })
        let row = repositoriesScreen.row(for: linux)
        #expect(row.id == "repo:torvalds/linux")
        #expect(row.subtitle == linux.description)
        let detail = try #require(row.detail)
        #expect(detail.contains(try #require(linux.language)) && detail.contains("★"))
        #expect(detail.hasSuffix("k"), "\(linux.stargazersCount) stars are shown abbreviated: \(detail)")
    }

    @Test(arguments: ["hello", "DEMONSTRATION", "o", "no-such-thing"])
    func queryKeepsRepositoriesWhoseNameOrDescriptionMatches(query: String) throws {
        let repositoriesScreen = try screen(["login": "octocat"])
        let all = try #require(try repositoriesScreen.loadSections(query: "").first?.items)
        let section = try #require(try repositoriesScreen.loadSections(query: query).first)
        let needle = query.lowercased()
        let expected = all.filter { repository in
            repository.name.lowercased().contains(needle) || (repository.description ?? "").lowercased().contains(needle)
        }
        #expect(section.items.map(\.name) == expected.map(\.name))
        #expect(section.header?.contains("'\(query)'") == true)
        #expect((section.footer != nil) == expected.isEmpty)
    }

    @Test func selectingARepositoryPushesIt() throws {
        let controller = ListController(screen: try screen(["login": "octocat"]))
        try controller.load(query: "")
        #expect(
            try controller.select(rowId: "repo:octocat/Hello-World")
                == .push(kind: .repository, params: ["owner": "octocat", "name": "Hello-World"]))
    }

    @Test(arguments: [JSONValue.object([:]), ["login": ""], ["login": "   "], ["login": 42], ["login": .null], .null])
    func refusesAMissingLogin(params: JSONValue) {
        #expect(throws: ScreenError.invalidParams("params.login must be a non-empty string")) { try screen(params) }
    }

    @Test func refusesAnUnknownUser() {
        let error = #expect(throws: ScreenError.self) { try screen(["login": "no-such-user-anywhere"]) }
        guard case .notFound(let message) = error else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'no-such-user-anywhere'"))
    }
}
