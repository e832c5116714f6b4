import Foundation
import NavProtocol
import Testing

/// The recorded GitHub API responses in `<repository root>/../shared/github-corpus`.
enum GitHubCorpus {
    struct Entry {
        var file: String
        var kind: String
        var status: Int
        /// The parsed body, as JSONSerialization gives it.
        var body: Any
        /// The body re-serialised, for the decoders.
        var bodyData: Data
    }

    struct MissingCorpus: Error, CustomStringConvertible {
        var path: String
        var description: String { "the GitHub corpus folder is missing: \(path)" }
    }

    /// `#filePath` is `<root>/Tests/GitHubScreensTests/GitHubCorpus.swift`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/github-corpus").standardizedFileURL

    /// Every recorded interaction, in file-name order.
    /// - Throws: `MissingCorpus` naming the path when the folder is absent or holds no recordings.
    static func entries() throws -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let files = names.filter { $0.hasSuffix(".json") }.sorted()
        guard !files.isEmpty else { throw MissingCorpus(path: directory.path) }
        return try files.map { file in
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let parsed = try JSONSerialization.jsonObject(with: data)
            let object = try #require(parsed as? [String: Any], "\(file) is not an object")
            let body = object["body"] ?? NSNull()
            return Entry(
                file: file, kind: try #require(object["kind"] as? String, "\(file) has no kind"),
                status: try #require(object["status"] as? Int, "\(file) has no status"), body: body,
                bodyData: try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed]))
        }
    }

    /// The 200 bodies of these kinds: (file, body bytes, parsed body).
    static func successfulBodies(ofKinds kinds: Set<String>) throws -> [(String, Data, Any)] {
        let entries = try entries().filter { kinds.contains($0.kind) && $0.status == 200 }
        try #require(!entries.isEmpty, "the corpus at \(directory.path) has no \(kinds.sorted()) bodies")
        return entries.map { ($0.file, $0.bodyData, $0.body) }
    }

    /// Encoding writes GitHub's field names, so what was encoded decodes to the same value.
    static func expectRoundTrip<Value: Codable & Equatable>(_ value: Value, in context: String) throws {
        let decoded = try JSONValueDecoder().decode(Value.self, from: try JSONValueEncoder().encode(value))
        #expect(decoded == value, "\(context)")
    }
}
