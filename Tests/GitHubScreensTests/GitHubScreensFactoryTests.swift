import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct GitHubScreensFactoryTests {
    @Test func makesAControllerForEveryKind() throws {
        let store = try GeneratedSnapshot.defaultStore()
        let params: [ScreenKind: JSONValue] = [
            .users: [:], .repositories: ["login": "octocat"], .repository: ["owner": "octocat", "name": "Hello-World"],
        ]
        for kind in ScreenKind.allCases {
            let controller = try GitHubScreens.makeController(kind: kind, params: try #require(params[kind]), store: store)
            try controller.load(query: "")
            #expect(!controller.sections.isEmpty, "\(kind)")
            #expect(try !controller.rows(section: nil, offset: 0, limit: 5).isEmpty, "\(kind)")
        }
        #expect(try GitHubScreens.makeController(kind: .users, params: [:], store: store) is ListController<UsersScreen>)
        let repository = try GitHubScreens.makeController(
            kind: .repository, params: try #require(params[.repository]), store: store)
        #expect(repository.title == "octocat/Hello-World")
    }

    @Test func passesParamErrorsOn() throws {
        let store = try GeneratedSnapshot.defaultStore()
        #expect(throws: ScreenError.invalidParams("params.login must be a non-empty string")) {
            try GitHubScreens.makeController(kind: .repositories, params: [:], store: store)
        }
    }
}
