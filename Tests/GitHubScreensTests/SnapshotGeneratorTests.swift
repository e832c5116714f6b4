import Foundation
import GitHubModels
import GitHubScreens
import GitHubSnapshot
import Testing

@Suite struct SnapshotGeneratorTests {
    private func dump(_ generator: SnapshotGenerator) throws -> SnapshotDump {
        try GeneratedSnapshot.withGenerated(generator) { try $0.dump() }
    }

    @Test func sameArgumentsGiveIdenticalTables() throws {
        let first = try dump(SnapshotGenerator(seed: 7, userCount: 60))
        #expect(first.rowCount("users") == 60)
        #expect(first.rowCount("repositories") > 60)
        #expect(first == (try dump(SnapshotGenerator(seed: 7, userCount: 60))))
    }

    @Test func anotherSeedGivesOtherUsers() throws {
        let one = try dump(SnapshotGenerator(seed: 1, userCount: 40))
        let two = try dump(SnapshotGenerator(seed: 2, userCount: 40))
        #expect(one.tables["users"] != two.tables["users"])
    }

    @Test func committedSnapshotEqualsAFreshDefaultGeneration() throws {
        let bundled = try SnapshotStore.bundled().dump()
        let fresh = try dump(SnapshotGenerator())
        let regenerate = "regenerate Sources/ScreenWorkers/GitHub/Resources/snapshot.sqlite with SnapshotGenerator().write(to:)"
        #expect(bundled.schema == fresh.schema, "\(regenerate)")
        for (table, rows) in fresh.tables {
            let committed = bundled.tables[table] ?? []
            let firstDifference = zip(committed, rows).first { $0 != $1 }
            #expect(committed.count == rows.count, "\(table) row count differs: \(regenerate)")
            #expect(firstDifference == nil, "\(table) differs at \(String(describing: firstDifference)): \(regenerate)")
        }
    }

    @Test func startsWithTheWellKnownAccounts() throws {
        let store = try GeneratedSnapshot.defaultStore()
        #expect(try store.repository(owner: "mojombo", name: "grit") != nil)
        #expect(try store.repository(owner: "octocat", name: "Hello-World") != nil)
        #expect(try store.repository(owner: "torvalds", name: "linux")?.language == "C")
        #expect(try store.user(login: "defunkt")?.name == "Chris Wanstrath")
        #expect(try store.user(login: "github")?.isOrganization == true)
    }

    @Test func generatedDataLooksLikeGitHub() throws {
        let store = try GeneratedSnapshot.defaultStore()
        let users = try GeneratedSnapshot.allUsers(in: store)
        #expect(users.count == 250)
        #expect(Set(users.map { $0.login.lowercased() }).count == users.count, "logins are unique ignoring case")
        #expect(users.contains { $0.isOrganization } && users.contains { !$0.isOrganization })
        #expect(users.contains { $0.name == nil } && users.contains { $0.bio == nil })
        #expect(users.contains { $0.name != nil } && users.contains { $0.bio != nil })

        var repositories: [GitHubRepository] = []
        for user in users {
            let owned = try store.repositories(owner: user.login)
            #expect(owned.count == user.publicRepos, "\(user.login)'s public_repos counts its repositories")
            #expect(owned.allSatisfy { $0.owner.login == user.login && $0.fullName == "\(user.login)/\($0.name)" })
            repositories += owned
        }
        #expect(Set(repositories.map(\.id)).count == repositories.count, "repository ids are unique")
        let described = repositories.filter { $0.description != nil }.count
        #expect(described > repositories.count / 2 && described < repositories.count, "some descriptions are null")
        #expect(repositories.contains { $0.license == nil } && repositories.contains { $0.license != nil })
        #expect(repositories.contains { $0.language == nil } && repositories.contains { $0.homepage != nil })
        #expect(repositories.contains { !$0.topics.isEmpty } && repositories.contains { $0.fork })
        #expect(repositories.allSatisfy { $0.createdAt <= $0.updatedAt && $0.createdAt <= ($0.pushedAt ?? $0.createdAt) })
        #expect(repositories.allSatisfy { $0.createdAt < "2025-06-01T00:00:00Z" && $0.createdAt.hasSuffix("Z") })
        let starred = repositories.map(\.stargazersCount).sorted()
        #expect(starred[starred.count / 2] < 10 && (starred.last ?? 0) > 10_000, "stars are heavy-tailed")
    }
}
