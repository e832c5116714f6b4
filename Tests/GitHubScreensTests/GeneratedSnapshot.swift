import Foundation
import GitHubScreens

/// Snapshots the tests generate into a temporary folder.
enum GeneratedSnapshot {
    /// The default snapshot (seed 1, 250 users), generated once per test run.
    static func defaultStore() throws -> SnapshotStore {
        try SnapshotStore(path: defaultPath.get())
    }

    private static let defaultPath = Result<String, any Error> {
        try generate(SnapshotGenerator(), named: "default")
    }

    /// Generates a snapshot into a fresh file of its own and returns the path.
    static func generate(_ generator: SnapshotGenerator, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("navshell-github-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path
        try generator.write(to: path)
        return path
    }

    /// Every account in a store, most followed first.
    static func allUsers(in store: SnapshotStore) throws -> [GitHubUser] {
        try store.searchUsers(matching: "", limit: Int.max)
    }
}
