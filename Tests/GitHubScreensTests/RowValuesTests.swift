import GitHubModels
@testable import GitHubScreens
import ListController
import NavProtocol
import Testing

/// Rows carry the typed values behind their display strings, taken from the same models.
@Suite struct RowValuesTests {
    @Test func userRowsCarryTheLoginAndTheFollowerCount() throws {
        let harness = try ScreenHarness()
        let users = try GeneratedSnapshot.allUsers(in: try GeneratedSnapshot.defaultStore())
        let rows = try harness.byId(try harness.open("users"))
        #expect(!rows.isEmpty)
        for user in users {
            guard let row = rows["user:\(user.login)"] else { continue }
            let followers = try #require(user.followers)
            #expect(row.values == ["login": .string(user.login), "followers": .int(followers)], "\(row.id)")
            #expect(row.detail?.contains(CountFormat.grouped(followers)) == true, "the detail shows the same count")
        }
    }

    @Test func repositoryRowsCarryStarsForksLanguageForkAndUpdatedAt() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        for login in ["mojombo", "torvalds", "octocat"] {
            let rows = try harness.byId(try harness.open("repositories", ["login": .string(login)]))
            for repository in try store.repositories(owner: login) {
                let row = try #require(rows["repo:\(repository.fullName)"])
                let language: JSONValue = repository.language.map { $0.isEmpty ? .null : .string($0) } ?? .null
                #expect(row.values == [
                    "owner": .string(login), "name": .string(repository.name), "stars": .int(repository.stargazersCount),
                    "forks": .int(repository.forksCount), "language": language, "fork": .bool(repository.fork),
                    "updatedAt": .string(repository.updatedAt), "starred": false,
                ], "\(row.id)")
            }
        }
    }

    @Test func statRowsCarryTheirCountAndLinkRowsTheirURL() throws {
        let harness = try ScreenHarness()
        let grit = try #require(try GeneratedSnapshot.defaultStore().repository(owner: "mojombo", name: "grit"))
        let rows = try harness.byId(try harness.open("repository", ["owner": "mojombo", "name": "grit"]))
        #expect(rows["stats:stars"]?.values == ["count": .int(grit.stargazersCount), "starred": false])
        #expect(rows["stats:stars"]?.detail == CountFormat.grouped(grit.stargazersCount))
        #expect(rows["stats:forks"]?.values == ["count": .int(grit.forksCount)])
        #expect(rows["stats:watchers"]?.values == ["count": .int(grit.watchersCount)])
        #expect(rows["stats:open_issues"]?.values == ["count": .int(grit.openIssuesCount)])
        #expect(rows["links:github"]?.values == ["url": .string(grit.htmlURL)])
        #expect(rows["links:homepage"]?.values == ["url": .string(try #require(grit.homepage))])
        #expect(rows["about:owner"]?.values?["login"] == "mojombo")
    }

    @Test func propertyRowsCarryTheFactOrNullWhereTheDetailShowsADash() throws {
        let harness = try ScreenHarness()
        let store = try GeneratedSnapshot.defaultStore()
        let withTopics = try #require(try store.repository(owner: "tschneider", name: "better-linter"))
        try #require(withTopics.topics.count > 1)
        let rows = try harness.byId(try harness.open("repository", ["owner": "tschneider", "name": "better-linter"]))
        #expect(rows["about:topics"]?.values == ["value": .array(withTopics.topics.map(JSONValue.string))])
        #expect(rows["about:language"]?.values == ["value": .string(try #require(withTopics.language))])
        let grit = try harness.byId(try harness.open("repository", ["owner": "mojombo", "name": "grit"]))
        #expect(grit["about:topics"]?.detail == "—")
        #expect(grit["about:topics"]?.values == ["value": .null])
    }
}
