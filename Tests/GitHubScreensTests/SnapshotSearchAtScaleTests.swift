import Testing

import GitHubModels
@testable import GitHubSnapshot

/// A search group with many matches walks the followers index in order and stops at the limit
/// instead of sorting every match (`UserSearchQueries.manyMatches`); both forms must give the
/// same users in the same order.
@Suite struct SnapshotSearchAtScaleTests {
    /// 2,000 users: enough that common prefixes and trigrams pass `manyMatches` for small limits.
    private static let generator = SnapshotGenerator(seed: 3, userCount: 2_000)

    @Test func bothFormsOfEachGroupGiveTheSameUsers() throws {
        try GeneratedSnapshot.withGenerated(Self.generator) { store in
            try #require(store.hasUserSearchIndex, "this machine's SQLite has FTS5 with the trigram tokenizer")
            for needle in ["a", "an", "ma", "mar", "son", "tom", "dev", "octocat", "zzzz-no-match"] {
                for limit in [1, 3, 50, 5_000] {
                    let prefix = [false, true].map { UserSearchQueries.loginPrefix(needle, limit: limit, inFollowersOrder: $0) }
                    #expect(try store.users(prefix[0]).map(\.id) == store.users(prefix[1]).map(\.id), "prefix \(needle) \(limit)")
                    guard needle.count >= 3 else { continue }
                    let substring = [false, true].map { UserSearchQueries.indexedSubstring(needle, limit: limit, inFollowersOrder: $0) }
                    #expect(try store.users(substring[0]).map(\.id) == store.users(substring[1]).map(\.id), "substring \(needle) \(limit)")
                }
            }
        }
    }

    /// Common queries at small limits take the walk (`manyMatches`), rare ones and large limits
    /// the sort; either way the results follow the ranking rule. One generated snapshot for all.
    @Test func ranksExactThenPrefixThenSubstringAtScale() throws {
        try GeneratedSnapshot.withGenerated(Self.generator) { store in
            let everyone = try GeneratedSnapshot.allUsers(in: store)
            // The walk is covered: "a" has many prefixed logins, "son" many other matches.
            #expect(try store.users(UserSearchQueries.loginPrefix("a", limit: .max)).count >= UserSearchQueries.manyMatches(3))
            #expect(try store.users(UserSearchQueries.indexedSubstring("son", limit: .max)).count >= UserSearchQueries.manyMatches(3))
            for query in ["a", "an", "ma", "mar", "son", "ren", "tom", "zzzz-no-match"] {
                let expected = SnapshotStoreTests.rankedByHand(query, everyone)
                for limit in [1, 3, 20, 5_000, .max] {
                    #expect(try store.searchUsers(matching: query, limit: limit).map(\.login) == Array(expected.prefix(limit)), "\(query) \(limit)")
                }
            }
        }
    }

    @Test func theWalkReadsTheFollowersIndexInOrderWithoutSorting() throws {
        let store = try GeneratedSnapshot.defaultStore()
        try #require(store.hasUserSearchIndex, "this machine's SQLite has FTS5 with the trigram tokenizer")
        for query in [UserSearchQueries.loginPrefix("tom", limit: 10, inFollowersOrder: true),
                      UserSearchQueries.indexedSubstring("tom", limit: 10, inFollowersOrder: true)] {
            let plan = try store.queryPlan(query)
            #expect(plan.contains { $0.hasPrefix("SCAN users USING INDEX users_by_followers") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }
}

/// One- and two-character searches read their stored candidates (`ShortQueryCandidates`), and
/// scan only when those are too few to be sure.
@Suite struct SnapshotShortSearchTests {
    private static let generator = SnapshotGenerator(seed: 3, userCount: 2_000)

    @Test func shortSearchesRankAsTheRuleSaysWhateverHowManyCandidatesAreRead() throws {
        try GeneratedSnapshot.withGenerated(Self.generator) { store in
            let everyone = try GeneratedSnapshot.allUsers(in: store)
            for query in ["a", "A", "an", "ma", "on", "-", "zq", "9", "\u{0}", "\u{0}x"] {
                let expected = SnapshotStoreTests.rankedByHand(query, everyone)
                // 3 and 40 stand for a snapshot keeping fewer candidates than the needle has.
                for read in [3, 40, ShortQueryCandidates.perNeedle] {
                    for limit in [1, 3, 50, 5_000] {
                        let found = try store.searchUsers(matching: query, limit: limit, shortCandidatesRead: read)
                        #expect(found.map(\.login) == Array(expected.prefix(limit)), "\(query) read \(read) limit \(limit)")
                    }
                }
            }
        }
    }

    /// Here every needle has fewer users than `perNeedle`, so each stored list is complete.
    @Test func everyShortSubstringOfALoginOrNameHasAllItsUsersStored() throws {
        let store = try GeneratedSnapshot.defaultStore()
        let everyone = try GeneratedSnapshot.allUsers(in: store)
        try #require(everyone.count < ShortQueryCandidates.perNeedle)
        let needles = Set(everyone.flatMap { user in
            [user.login, user.name ?? ""].flatMap { ShortQueryCandidates.shortSubstrings(of: $0.lowercased()) }
        }).filter { $0.allSatisfy(\.isASCII) }
        #expect(needles.count > 100)
        for needle in needles {
            let text = String(String.UnicodeScalarView(needle))
            let stored = try store.users(UserSearchQueries.shortSubstring(text, throughRank: .max, limit: .max)).map(\.login)
            let byHand = SnapshotStoreTests.rankedByHand(text, everyone).filter { !$0.lowercased().hasPrefix(text) }
            #expect(stored == byHand, "\(text)")
        }
    }
}
