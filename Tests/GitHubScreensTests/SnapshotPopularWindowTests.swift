import Foundation
import Testing

import GitHubModels
@testable import GitHubSnapshot

/// The popular list read in windows from a snapshot whose users are stored in rank order, and
/// the refusal of a snapshot written in another format.
@Suite struct SnapshotPopularWindowTests {
    @Test func aWindowAnywhereHoldsTheUsersRankedThereMostFollowedFirst() throws {
        try GeneratedSnapshot.withGenerated(SnapshotGenerator(seed: 5, userCount: 1_200)) { store in
            // The popular order by hand: most followers first, then by login ignoring letter case
            // (logins are ASCII, which is all NOCASE folds).
            let everyone = try store.users(SnapshotQuery(sql: "SELECT * FROM users ORDER BY id", arguments: []))
            let expected = everyone.sorted { first, second in
                (first.followers ?? 0, second.login.lowercased()) > (second.followers ?? 0, first.login.lowercased())
            }.map(\.login)
            #expect(expected.count == 1_200)
            for start in [0, 1, 99, 100, 599, 1_150, 1_180, 1_199, 1_200] {
                let window = try store.popularWindow(start..<(start + 50))
                #expect(window.total == 1_200)
                #expect(window.users.map(\.login) == Array(expected[start..<min(start + 50, expected.count)]), "window at \(start)")
            }
        }
    }

    /// The window is one range of the users table's own key: no index or other table between
    /// the rank and the row, so its rows are neighbours on disk.
    @Test func aWindowIsOneRangeOfTheUsersTable() throws {
        let plan = try GeneratedSnapshot.defaultStore().queryPlan(SnapshotStore.popularWindowQuery(100..<150))
        #expect(plan.count == 1, "\(plan)")
        #expect(plan.first?.hasPrefix("SEARCH users USING INTEGER PRIMARY KEY") == true, "\(plan)")
    }

    @Test func refusesASnapshotOfAnotherFormat() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("older-snapshot-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SnapshotGenerator(userCount: 5).write(to: path)
        // SQLite keeps `PRAGMA user_version` at byte 60 of the file header, big-endian.
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try file.seek(toOffset: 60)
        try file.write(contentsOf: [0, 0, 0, UInt8(SnapshotSchema.version - 1)])
        try file.close()
        #expect(throws: SnapshotError.notASnapshot(
            path: path, reason: "it has format version \(SnapshotSchema.version - 1); this code reads version \(SnapshotSchema.version)")
        ) { try SnapshotStore(path: path) }
    }
}
