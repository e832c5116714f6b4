import GitHubScreens
import ListController
import NavProtocol
import Testing

@Suite struct GitHubScreensFactoryTests {
    @Test func makesAControllerForEveryKind() throws {
        let harness = try ScreenHarness()
        let params: [ScreenKind: JSONValue] = [
            "users": [:], "repositories": ["login": "octocat"], "repository": ["owner": "octocat", "name": "Hello-World"],
            "followers": ["login": "octocat"], "following": ["login": "octocat"],
            "issues": ["owner": "mojombo", "name": "chronic"], "issue": ["owner": "mojombo", "name": "chronic", "number": 1],
            "pulls": ["owner": "mojombo", "name": "chronic"], "pull": ["owner": "mojombo", "name": "chronic", "number": 3],
            "readme": ["owner": "mojombo", "name": "chronic"], "repository-search": [:], "starred": ["login": "mojombo"],
        ]
        #expect(GitHubScreens.descriptors.map(\.kind) == params.keys.sorted(), "every screen in the registry is opened here")
        for kind in GitHubScreens.descriptors.map(\.kind) {
            // Repository search shows nothing until a query is typed.
            let controller = try harness.open(kind, try #require(params[kind]), query: kind == "repository-search" ? "ruby" : "")
            #expect(!controller.sections.isEmpty, "\(kind)")
            #expect(try !harness.rows(controller, limit: 5).isEmpty, "\(kind)")
        }
        #expect(try GitHubScreens.makeController(kind: "users", params: [:], source: harness.source) is ListController<UsersScreen>)
        #expect(try harness.open("repository", try #require(params["repository"])).title == "octocat/Hello-World")
    }

    @Test func passesParamErrorsOn() throws {
        let harness = try ScreenHarness()
        #expect(throws: ScreenError.invalidParams("params.login must be a non-empty string")) {
            try GitHubScreens.makeController(kind: "repositories", params: [:], source: harness.source)
        }
    }
}
