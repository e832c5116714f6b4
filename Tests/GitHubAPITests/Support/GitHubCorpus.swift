import Foundation

/// The recorded GitHub responses in `<repository root>/../shared/github-corpus`, which the fake
/// server replays. They are read where they are, never copied.
enum GitHubCorpus {
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "the GitHub corpus folder is missing or holds no recordings: \(path)" }
    }

    /// `#filePath` is `<root>/Tests/GitHubAPITests/Support/GitHubCorpus.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/github-corpus").standardizedFileURL

    static let fakeServerScript = repositoryRoot.appendingPathComponent("Tests/Fixtures/fake-github/fake_github.py").path

    /// Throws `Missing`, naming the path, unless the folder holds recordings.
    static func requireDirectory() throws -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard names.contains(where: { $0.hasSuffix(".json") }) else { throw Missing(path: directory.path) }
        return directory.path
    }
}
