import GitHubModels
import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct FollowingScreenTests {
    @Test func listsTheAccountsAUserFollowsMostFollowedFirst() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let login = try #require(try harness.allRows(try harness.open("followers", ["login": "torvalds"])).first?.title)
        let controller = try harness.open("following", ["login": .string(login)])
        #expect(controller.title == "Accounts \(login) follows")
        let rows = try harness.allRows(controller)
        #expect(rows.contains { $0.id == "user:torvalds" }, "\(login) follows torvalds, whose followers list them")
        for row in rows {
            let followers = try store.accounts(AccountRelation("followers"), of: row.title, offset: 0, limit: 1_000) ?? []
            #expect(followers.contains { $0.login == login }, "\(login) is among \(row.title)'s followers")
        }
        let counts = try rows.map { try #require(try store.user(login: $0.title)).followers ?? 0 }
        #expect(counts == counts.sorted(by: >))
        let first = try #require(rows.first)
        #expect(try controller.select(rowId: first.id) == .push(kind: "repositories", params: ["login": .string(first.title)]))
    }

    @Test func aQueryFiltersAndAnUnknownUserFailsTheOpening() throws {
        let harness = try ScreenHarness()
        let filtered = try harness.open("following", ["login": "mojombo"], query: "zzzz-no-match")
        #expect(filtered.sections.first?.header == "Following matching 'zzzz-no-match'")
        #expect(try harness.allRows(filtered).isEmpty)
        #expect(throws: ScreenError.notFound("no user named 'nobody-at-all'")) { try harness.open("following", ["login": "nobody-at-all"]) }
        #expect(FollowingScreen.descriptor.paramsError([:]) == "params.login is required (a string)")
    }
}
