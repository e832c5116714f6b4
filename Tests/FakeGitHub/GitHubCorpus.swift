import Foundation

/// The recorded GitHub responses in `<repository root>/../shared/github-corpus`, which the fake
/// server replays. They are read where they are, never copied.
public enum GitHubCorpus {
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public init(path: String) { self.path = path }
        public var description: String { "the GitHub corpus folder is missing or holds no recordings: \(path)" }
    }

    /// `#filePath` is `<root>/Tests/FakeGitHub/GitHubCorpus.swift`.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/github-corpus").standardizedFileURL

    /// The recorded write exchanges (their own folder: a write shares its path with a read).
    public static let writesDirectory = directory.appendingPathComponent("writes")

    public static let fakeServerScript = repositoryRoot.appendingPathComponent("Tests/Fixtures/fake-github/fake_github.py").path

    /// Throws `Missing`, naming the path, unless the folder holds recordings.
    public static func requireDirectory() throws -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard names.contains(where: { $0.hasSuffix(".json") }) else { throw Missing(path: directory.path) }
        return directory.path
    }
}
