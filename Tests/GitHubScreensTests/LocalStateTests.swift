import Foundation
import GitHubModels
import GRDB
import Testing

@testable import GitHubSnapshot

/// The local state's reads are kept until the file changes, whoever changes it.
@Suite struct LocalStateTests {
    private let path = FileManager.default.temporaryDirectory.appendingPathComponent("local-state-\(UUID()).sqlite").path

    @Test func aReadOfUnchangedChangesLeavesTheDatabaseAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let local = LocalState(path: path)
        try local.record(.star, owner: "mojombo", name: "chronic", number: nil)
        #expect(try local.changes(owner: "mojombo", name: "chronic").count == 1)
        #expect(try local.starChanges().count == 1)
        // While another connection holds the file locked, a read of the database would wait, then fail.
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            #expect(try local.changes(owner: "mojombo", name: "chronic").count == 1)
            #expect(try local.starChanges().count == 1)
        }
    }

    @Test func aWriteFromAnywhereIsReadAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let local = LocalState(path: path)
        #expect(try local.changes(owner: "mojombo", name: "chronic").isEmpty)
        try local.record(.star, owner: "mojombo", name: "chronic", number: nil)
        #expect(try local.changes(owner: "mojombo", name: "chronic").map(\.kind) == ["star"])
        // Another connection, as another screen's worker or `navhost changes --discard` has.
        let other = LocalState(path: path)
        #expect(try other.discardAll() == 1)
        #expect(try local.changes(owner: "mojombo", name: "chronic").isEmpty)
        try other.record(.unstar, owner: "mojombo", name: "chronic", number: nil)
        try local.record(.comment, owner: "mojombo", name: "chronic", number: 1, value: "Thanks")
        #expect(try local.changes(owner: "mojombo", name: "chronic").map(\.kind) == ["unstar", "comment"])
        #expect(try local.starChanges().map(\.kind) == ["unstar"])
    }

    @Test func aChangeIsStampedWithTheTimeAsGitHubWritesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let local = LocalState(path: path)
        let before = Int(Date().timeIntervalSince1970)
        try local.record(.star, owner: "mojombo", name: "chronic", number: nil)
        let stamp = try #require(try local.changes(owner: "mojombo", name: "chronic").first?.madeAt)
        let seconds = try #require(ISO8601Timestamp.epochSeconds(parsing: stamp))
        #expect((before...before + 5).contains(seconds))
    }
}
