import GitHubModels
import GitHubScreens
import GitHubSnapshot
import ListController
import NavProtocol
import Testing

@Suite struct RepositoriesScreenTests {
    @Test func listsEveryRepositoryOfTheUserMostStarredFirst() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        for user in try GeneratedSnapshot.allUsers(in: store).prefix(25) {
            let controller = try harness.open("repositories", ["login": .string(user.login)])
            #expect(controller.sections.map(\.id) == ["repositories", "account"])
            let all = try harness.allRows(controller)
            #expect(all.last?.id == "account:starred", "the last row opens the user's stars")
            let rows = all.filter { $0.id.hasPrefix("repo:") }
            #expect(rows.count == user.publicRepos)
            let expected = try store.repositories(owner: user.login)
            #expect(rows.map(\.id) == expected.map { "repo:\(user.login)/\($0.name)" })
            #expect(Set(rows.map(\.id)).count == rows.count)
        }
    }

    @Test func aRepositoryWithoutDescriptionKeepsItsRow() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let undescribed = try #require(try store.repositories(owner: "octocat").first { $0.description == nil })
        let row = try #require(try harness.byId(try harness.open("repositories", ["login": "octocat"]))["repo:octocat/\(undescribed.name)"])
        #expect(row.title == undescribed.name && row.subtitle == nil)
        #expect(row.kind == "repository" && row.accessory == .disclosure)
    }

    @Test func rowsShowDescriptionLanguageAndStars() throws {
        let harness = try ScreenHarness()
        let linux = try #require(try GeneratedSnapshot.defaultStore().repository(owner: "torvalds", name: "linux"))
        let row = try #require(try harness.byId(try harness.open("repositories", ["login": "torvalds"]))["repo:torvalds/linux"])
        #expect(row.subtitle == linux.description)
        let detail = try #require(row.detail)
        #expect(detail.contains(try #require(linux.language)) && detail.contains("★"))
        #expect(detail.hasSuffix("k"), "\(linux.stargazersCount) stars are shown abbreviated: \(detail)")
    }

    @Test(arguments: ["hello", "DEMONSTRATION", "o", "no-such-thing"])
    func queryKeepsRepositoriesWhoseNameOrDescriptionMatches(query: String) throws {
        let harness = try ScreenHarness()
        let all = try GeneratedSnapshot.defaultStore().repositories(owner: "octocat")
        let controller = try harness.open("repositories", ["login": "octocat"], query: query)
        let needle = query.lowercased()
        let expected = all.filter { $0.name.lowercased().contains(needle) || ($0.description ?? "").lowercased().contains(needle) }
        #expect(try harness.allRows(controller).map(\.title) == expected.map(\.name))
        let section = try #require(controller.sections.first)
        #expect(section.header?.contains("'\(query)'") == true)
        #expect((section.footer != nil) == expected.isEmpty)
    }

    @Test func selectingARepositoryPushesIt() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("repositories", ["login": "octocat"])
        #expect(
            try controller.select(rowId: "repo:octocat/Hello-World")
                == .push(kind: "repository", params: ["owner": "octocat", "name": "Hello-World"]))
    }

    @Test(arguments: [JSONValue.object([:]), ["login": ""], ["login": "   "], ["login": 42], ["login": .null], .null])
    func refusesAMissingLogin(params: JSONValue) throws {
        let source = try ScreenHarness().source
        #expect(throws: ScreenError.invalidParams("params.login must be a non-empty string")) {
            try RepositoriesScreen(params: params, source: source)
        }
    }

    @Test func anUnknownUserFailsTheOpening() throws {
        let harness = try ScreenHarness()
        #expect(throws: ScreenError.notFound("no user named 'no-such-user-anywhere'")) {
            try harness.open("repositories", ["login": "no-such-user-anywhere"])
        }
    }
}
