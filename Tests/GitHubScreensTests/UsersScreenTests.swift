import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct UsersScreenTests {
    private func screen(_ params: JSONValue = [:]) throws -> UsersScreen {
        try UsersScreen(params: params, source: GeneratedSnapshot.defaultStore())
    }

    @Test func withoutAQueryShowsPopularUsers() throws {
        let sections = try screen().loadSections(query: "")
        let popular = try #require(sections.first)
        #expect(sections.count == 1)
        #expect(popular.id == "popular")
        #expect(popular.header == "Popular")
        #expect(popular.items.first?.login == "torvalds")
        let followers = popular.items.map { $0.followers ?? 0 }
        #expect(followers.count > 10 && followers == followers.sorted(by: >))
    }

    @Test func queryShowsMatchesTitledByTheQuery() throws {
        let section = try #require(try screen().loadSections(query: " tom ").first)
        #expect(section.id == "users")
        #expect(section.header?.contains("'tom'") == true)
        #expect(section.footer == nil)
        #expect(!section.items.isEmpty)
        for user in section.items {
            #expect(user.login.lowercased().contains("tom") || (user.name ?? "").lowercased().contains("tom"), "\(user.login)")
        }
        #expect(section.items.contains { $0.login == "mojombo" }, "Tom Preston-Werner matches by name")
    }

    @Test func noMatchesGivesAnEmptySectionWithAFooter() throws {
        let section = try #require(try screen().loadSections(query: "xyzzy-nobody").first)
        #expect(section.items.isEmpty)
        #expect(section.footer == "No users match 'xyzzy-nobody'")
    }

    /// The worker opens the screen with params.query; the query the screen is loaded with rules.
    @Test(arguments: [JSONValue.object(["query": "torvalds"]), ["query": .null], [:], .null])
    func acceptsAnOptionalQueryParam(params: JSONValue) throws {
        let controller = ListController(screen: try screen(params))
        try controller.load(query: params["query"]?.stringValue ?? "")
        if params["query"]?.stringValue == "torvalds" {
            #expect(controller.sections.map(\.id) == ["users"])
            #expect(try controller.rows(section: "users", offset: 0, limit: 1).first?.id == "user:torvalds")
        }
        try controller.load(query: "")
        #expect(controller.sections.map(\.id) == ["popular"])
    }

    @Test func rowsShowLoginNameAndASecondLine() throws {
        let usersScreen = try screen()
        let users = try #require(try usersScreen.loadSections(query: "").first?.items)
        let torvalds = try #require(users.first { $0.login == "torvalds" })
        let row = usersScreen.row(for: torvalds)
        #expect(row.id == "user:torvalds")
        #expect(row.kind == "user")
        #expect(row.title == "torvalds")
        #expect(row.subtitle == "Linus Torvalds")
        #expect(row.detail?.contains("Portland, OR") == true)
        #expect(row.accessory == .disclosure)

        let organization = try #require(users.first { $0.login == "github" })
        #expect(usersScreen.row(for: organization).kind == "organization")
        for user in users where user.name == nil {
            #expect(usersScreen.row(for: user).subtitle == nil)
        }
    }

    @Test func selectingAUserPushesTheirRepositories() throws {
        let controller = ListController(screen: try screen())
        try controller.load(query: "mojombo")
        #expect(try controller.select(rowId: "user:mojombo") == .push(kind: .repositories, params: ["login": "mojombo"]))
    }

    @Test(arguments: [JSONValue.object(["query": 5]), ["query": ["tom"]], "tom", 3])
    func refusesBadParams(params: JSONValue) {
        let error = #expect(throws: ScreenError.self) { try screen(params) }
        guard case .invalidParams(let message) = error else {
            Issue.record("expected invalidParams, got \(String(describing: error))")
            return
        }
        #expect(message.contains("params"))
        if params.objectValue != nil { #expect(message.contains("params.query")) }
    }
}
