import GitHubModels
import GitHubScreens
import GitHubSnapshot
import ListController
import NavProtocol
import Testing

@Suite struct UsersScreenTests {
    @Test func withoutAQueryShowsEveryUserMostFollowedFirst() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let controller = try harness.open("users")
        let popular = try #require(controller.sections.first)
        #expect(controller.sections.count == 1)
        #expect(popular.id == "popular" && popular.header == "Popular")
        #expect(popular.count == store.rankedUserCount)
        let rows = try harness.rows(controller, limit: 300)
        #expect(rows.first?.id == "user:torvalds")
        #expect(rows.map(\.id) == (try GeneratedSnapshot.allUsers(in: store)).map { "user:\($0.login)" })
    }

    @Test func queryShowsMatchesTitledByTheQuery() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("users", query: " tom ")
        let section = try #require(controller.sections.first)
        #expect(section.id == "users")
        #expect(section.header?.contains("'tom'") == true)
        #expect(section.footer == nil)
        let store = try GeneratedSnapshot.defaultStore()
        let rows = try harness.allRows(controller)
        #expect(!rows.isEmpty)
        for row in rows {
            let user = try #require(try store.user(login: row.title))
            #expect(user.login.lowercased().contains("tom") || (user.name ?? "").lowercased().contains("tom"), "\(user.login)")
        }
        #expect(rows.contains { $0.id == "user:mojombo" }, "Tom Preston-Werner matches by name")
    }

    @Test func noMatchesGivesAnEmptySectionWithAFooter() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("users", query: "xyzzy-nobody")
        #expect(controller.sections.first?.count == 0)
        #expect(controller.sections.first?.footer == "No users match 'xyzzy-nobody'")
    }

    @Test(arguments: [JSONValue.object(["query": "torvalds"]), ["query": .null], [:], .null])
    func acceptsAnOptionalQueryParam(params: JSONValue) throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("users", params, query: params["query"]?.stringValue ?? "")
        if params["query"]?.stringValue == "torvalds" {
            #expect(controller.sections.map(\.id) == ["users"])
            #expect(try harness.rows(controller, section: "users", limit: 1).first?.id == "user:torvalds")
        }
        try harness.load(controller, "")
        #expect(controller.sections.map(\.id) == ["popular"])
    }

    @Test func rowsShowLoginNameAndASecondLine() throws {
        let harness = try ScreenHarness()
        let rows = try harness.byId(try harness.open("users"))
        let torvalds = try #require(rows["user:torvalds"])
        #expect(torvalds.kind == "user" && torvalds.title == "torvalds" && torvalds.subtitle == "Linus Torvalds")
        #expect(torvalds.detail?.contains("Portland, OR") == true)
        #expect(torvalds.accessory == .disclosure)
        #expect(rows["user:github"]?.kind == "organization")
        let store = try GeneratedSnapshot.defaultStore()
        for user in try GeneratedSnapshot.allUsers(in: store) where user.name == nil {
            #expect(rows["user:\(user.login)"]?.subtitle == nil)
        }
    }

    @Test func selectingAUserPushesTheirRepositories() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("users", query: "mojombo")
        #expect(try controller.select(rowId: "user:mojombo") == .push(kind: "repositories", params: ["login": "mojombo"]))
    }

    @Test func searchResultsComeInPagesAsTheClientReads() throws {
        let harness = try ScreenHarness()
        let controller = try harness.open("users", query: "a")
        let first = try #require(controller.sections.first)
        #expect(first.count == SnapshotSource.pageSize)
        #expect(first.hasMore == true)
        let all = try harness.allRows(controller)
        #expect(all.count > SnapshotSource.pageSize)
        #expect(Set(all.map(\.id)).count == all.count, "pages do not repeat rows")
        #expect(controller.sections.first?.hasMore == nil)
    }

    @Test(arguments: [JSONValue.object(["query": 5]), ["query": ["tom"]], "tom", 3])
    func refusesBadParams(params: JSONValue) throws {
        let source = try ScreenHarness().source
        let error = #expect(throws: ScreenError.self) { try UsersScreen(params: params, source: source) }
        guard case .invalidParams(let message) = error else {
            Issue.record("expected invalidParams, got \(String(describing: error))")
            return
        }
        #expect(message.contains("params"))
        if params.objectValue != nil { #expect(message.contains("params.query")) }
    }
}
