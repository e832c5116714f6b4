import GitHubModels
import GitHubScreens
import GitHubSnapshot
import ListController
import NavProtocol
import Testing

@Suite struct FollowersScreenTests {
    @Test func listsFollowersMostFollowedFirstAndSelectingOneOpensTheirRepositories() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let controller = try harness.open("followers", ["login": "mojombo"])
        #expect(controller.title == "mojombo's followers")
        let rows = try harness.allRows(controller)
        #expect(!rows.isEmpty)
        let followers = try rows.map { try #require(try store.user(login: $0.title)) }
        let counts = followers.map { $0.followers ?? 0 }
        #expect(counts == counts.sorted(by: >))
        #expect(!rows.contains { $0.id == "user:mojombo" }, "nobody follows themselves")
        let first = try #require(rows.first)
        #expect(first.kind == "user" || first.kind == "organization")
        #expect(try controller.select(rowId: first.id) == .push(kind: "repositories", params: ["login": .string(first.title)]))
    }

    @Test func queryKeepsFollowersWhoseLoginOrNameMatches() throws {
        let harness = try ScreenHarness()
        let all = try harness.allRows(try harness.open("followers", ["login": "torvalds"]))
        let needle = try #require(all.first?.title.prefix(3)).lowercased()
        let filtered = try harness.open("followers", ["login": "torvalds"], query: needle)
        let kept = try harness.allRows(filtered)
        let expected = all.filter { $0.title.lowercased().contains(needle) || ($0.subtitle ?? "").lowercased().contains(needle) }
        #expect(kept.map(\.id) == expected.map(\.id))
        #expect(filtered.sections.first?.header == "Followers matching '\(needle)'")
    }

    @Test func anUnknownUserFailsTheOpeningAndBadParamsNameTheField() throws {
        let harness = try ScreenHarness()
        #expect(throws: ScreenError.notFound("no user named 'nobody-at-all'")) { try harness.open("followers", ["login": "nobody-at-all"]) }
        #expect(throws: ScreenError.invalidParams("params.login must be a non-empty string")) {
            try RelatedAccountsScreen<FollowersScreen>(params: [:], source: harness.source)
        }
    }

    @Test func theRepositoryScreenLeadsToTheOwnersFollowers() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("repository", ["owner": "mojombo", "name": "grit"])
        #expect(try controller.select(rowId: "about:owner_followers") == .push(kind: "followers", params: ["login": "mojombo"]))
    }
}
