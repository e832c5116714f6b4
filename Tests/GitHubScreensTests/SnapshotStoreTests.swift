import Foundation
import Testing

import GitHubModels
@testable import GitHubSnapshot

@Suite struct SnapshotStoreTests {
    /// The shortcut to the shipped snapshot (the resource bundle beside the executable) names the
    /// file SwiftPM's own accessor finds: a renamed or moved bundle fails here, not at a user's start.
    @Test func theShippedSnapshotIsFoundWhereSwiftPMPutIt() throws {
        let swiftPM = try #require(Bundle.module.url(forResource: "snapshot", withExtension: "sqlite"))
        #expect(URL(fileURLWithPath: SnapshotStore.pathBesideExecutable).standardizedFileURL == swiftPM.standardizedFileURL)
        #expect(try SnapshotStore.bundledPath() == SnapshotStore.pathBesideExecutable)
    }

    @Test func refusesAMissingFile() {
        let path = "/nonexistent/navshell/snapshot.sqlite"
        #expect(throws: SnapshotError.missingFile(path: path)) { try SnapshotStore(path: path) }
    }

    @Test(arguments: ["", "this is not a database, just some text that is long enough to have a header"])
    func refusesAFileThatIsNotASnapshot(contents: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-snapshot-\(UUID()).sqlite").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: SnapshotError.self) { try SnapshotStore(path: path) }
        guard case .notASnapshot(let reportedPath, _) = error else {
            Issue.record("expected notASnapshot, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path)
    }

    @Test func findsUsersIgnoringLetterCase() throws {
        let store = try GeneratedSnapshot.defaultStore()
        #expect(try store.user(login: "OctoCat")?.login == "octocat")
        #expect(try store.repository(owner: "TORVALDS", name: "LINUX")?.fullName == "torvalds/linux")
        #expect(try store.user(login: "no-such-user-anywhere") == nil)
        #expect(try store.repository(owner: "torvalds", name: "no-such-repository") == nil)
        #expect(try store.repositories(owner: "no-such-user-anywhere").isEmpty)
    }

    @Test func listsRepositoriesByStarsThenName() throws {
        let store = try GeneratedSnapshot.defaultStore()
        for user in try GeneratedSnapshot.allUsers(in: store).prefix(40) {
            let repositories = try store.repositories(owner: user.login)
            for (earlier, later) in zip(repositories, repositories.dropFirst()) {
                #expect(
                    earlier.stargazersCount > later.stargazersCount
                        || (earlier.stargazersCount == later.stargazersCount
                            && earlier.name.lowercased() <= later.name.lowercased()),
                    "\(earlier.fullName) before \(later.fullName)")
            }
        }
    }

    /// Checks `searchUsers` against the ranking rule applied by hand to every user.
    /// The NUL cases: a NUL is a character like any other (it once ended the bound text, so
    /// "\0x" matched everyone and "\0zzzz" failed with an FTS5 syntax error). The quote cases:
    /// a quote is a character too, also with a combining mark after it (U+0900, U+0301), which
    /// once left the quote undoubled in the FTS5 literal: "syntax error near "#"".
    @Test(arguments: [
        "tom", "TOM", "an", "a", "son", "octocat", "torv", "ren", "lab", "-", "zzzz-no-match", "\u{0}x", "\u{0}zzzz", "to\u{0}m", "\u{0}",
        "a\"b", "5\"\u{0900}#Hh", "to\"\u{0301}m OR x", "\"\u{0301}\"",
    ])
    func ranksExactThenPrefixThenSubstring(query: String) throws {
        let store = try GeneratedSnapshot.defaultStore()
        let expected = try Self.rankedByHand(query, GeneratedSnapshot.allUsers(in: store))
        #expect(try store.searchUsers(matching: query, limit: 1_000).map(\.login) == expected)
        #expect(try store.searchUsers(matching: query, limit: 3).map(\.login) == Array(expected.prefix(3)))
    }

    /// The logins `searchUsers` must give for `query`, by the documented rule: the exact login,
    /// then logins starting with the query, then other substring matches of login or name; within
    /// each group most followers first, then by login.
    static func rankedByHand(_ query: String, _ users: [GitHubUser]) -> [String] {
        let needle = query.lowercased()
        func rank(_ user: GitHubUser) -> Int? {
            let login = user.login.lowercased()
            if login == needle { return 0 }
            if login.hasPrefix(needle) { return 1 }
            if login.contains(needle) || (user.name ?? "").range(of: needle, options: .caseInsensitive) != nil { return 2 }
            return nil
        }
        return users
            .compactMap { user in rank(user).map { (rank: $0, user: user) } }
            .sorted { a, b in
                if a.rank != b.rank { return a.rank < b.rank }
                if a.user.followers != b.user.followers { return (a.user.followers ?? 0) > (b.user.followers ?? 0) }
                return a.user.login.lowercased() < b.user.login.lowercased()
            }
            .map(\.user.login)
    }

    @Test func emptySearchGivesTheMostFollowed() throws {
        let store = try GeneratedSnapshot.defaultStore()
        let popular = try store.searchUsers(matching: "  ", limit: 10)
        #expect(popular.count == 10)
        #expect(popular.first?.login == "torvalds")
        let followers = popular.map { $0.followers ?? 0 }
        #expect(followers == followers.sorted(by: >))
        let everyone = try GeneratedSnapshot.allUsers(in: store)
        let fewestShown = try #require(followers.last)
        #expect(everyone.dropFirst(10).allSatisfy { ($0.followers ?? 0) <= fewestShown })
    }

    @Test func exactAndPrefixSearchUseTheLoginIndex() throws {
        let store = try GeneratedSnapshot.defaultStore()
        for query in [UserSearchQueries.exactLogin("tom"), UserSearchQueries.loginPrefix("tom", limit: 10)] {
            let plan = try store.queryPlan(query)
            #expect(plan.contains { $0.hasPrefix("SEARCH users USING") && $0.contains("INDEX") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN users") }, "\(plan)")
        }
    }

    @Test func substringSearchUsesTheTrigramIndexWhenTheSnapshotHasOne() throws {
        let store = try GeneratedSnapshot.defaultStore()
        try #require(store.hasUserSearchIndex, "this machine's SQLite has FTS5 with the trigram tokenizer")
        let plan = try store.queryPlan(UserSearchQueries.indexedSubstring("tom", limit: 10))
        #expect(plan.contains { $0.contains("VIRTUAL TABLE INDEX") }, "\(plan)")
    }
}
