import Foundation

/// A repository's README as `GET /repos/{owner}/{name}/readme` returns it: the file's content
/// base64-encoded, with a line break every 60 characters of base64, as GitHub sends it.
public struct GitHubReadme: Codable, Sendable, Hashable {
    /// The file's name, e.g. "README.md", "README.rst".
    public var name: String
    public var path: String
    /// The file's size in bytes, which the decoded content has.
    public var size: Int
    /// "base64".
    public var encoding: String
    public var content: String
    /// Absent from 2012 bodies.
    public var htmlURL: String?

    public init(name: String, path: String, size: Int, encoding: String, content: String, htmlURL: String?) {
        self.name = name
        self.path = path
        self.size = size
        self.encoding = encoding
        self.content = content
        self.htmlURL = htmlURL
    }

    /// A README of this text, encoded as GitHub encodes it.
    public init(name: String, text: String, htmlURL: String?) {
        let bytes = Data(text.utf8)
        self.init(
            name: name, path: name, size: bytes.count, encoding: "base64",
            content: bytes.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]), htmlURL: htmlURL)
    }

    /// The file's text: the content decoded (line breaks in the base64 skipped); nil when it is
    /// not base64 of UTF-8 text.
    public var text: String? {
        guard encoding == "base64", let bytes = Data(base64Encoded: content, options: .ignoreUnknownCharacters) else {
            return nil
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// Whether the file is Markdown by its name (GitHub renders READMEs by their extension).
    public var isMarkdown: Bool {
        let lowercased = name.lowercased()
        return lowercased.hasSuffix(".md") || lowercased.hasSuffix(".markdown") || !lowercased.contains(".")
    }

    enum CodingKeys: String, CodingKey {
        case name, path, size, encoding, content
        case htmlURL = "html_url"
    }
}
