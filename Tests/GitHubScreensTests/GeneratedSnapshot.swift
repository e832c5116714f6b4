import Foundation
import GitHubModels
import GitHubScreens
import GitHubSnapshot

/// The snapshots tests read.
enum GeneratedSnapshot {
    /// The default snapshot (seed 1, 250 users). This is the bundled one, which
    /// `SnapshotGeneratorTests` proves equal to a fresh default generation.
    static func defaultStore() throws -> SnapshotStore {
        try SnapshotStore.bundled()
    }

    /// Generates a snapshot into a temporary file, hands it to `body`, then deletes the file.
    static func withGenerated<T>(_ generator: SnapshotGenerator, _ body: (SnapshotStore) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("navshell-github-test-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try generator.write(to: path)
        return try body(SnapshotStore(path: path))
    }

    /// Every account in a store, most followed first.
    static func allUsers(in store: SnapshotStore) throws -> [GitHubUser] {
        try store.searchUsers(matching: "", limit: Int.max)
    }
}
