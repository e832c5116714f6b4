import Foundation
import NavProtocol

/// One recorded write exchange of `<corpus>/writes`: the request a real client sent, read as its
/// README says (the body is text, or the JSON value itself in the octokit/fixtures files).
public struct RecordedWrite {
    public var name: String
    public var method: String
    /// Percent-decoded, so that a placeholder path (`<GITHUB_LOGIN>/…`) compares with the same
    /// text sent encoded.
    public var path: String
    /// The body as JSON, nil for none; `{}` is none too (it says nothing).
    public var body: JSONValue?
    public var status: Int

    public init(named name: String) throws {
        let url = GitHubCorpus.writesDirectory.appendingPathComponent(name)
        let file = try JSONValue(parsing: [UInt8](try Data(contentsOf: url)))
        let request = file["request"]
        self.name = name
        method = request?["method"]?.stringValue ?? "GET"
        path = Self.decoded(request?["path"]?.stringValue ?? "")
        status = file["status"]?.intValue ?? 0
        switch request?["body"] {
        case .string(let text)?: body = try Self.normalized(JSONValue(parsing: text), path: path)
        case let value?: body = Self.normalized(value, path: path)
        case nil: body = nil
        }
    }

    /// Whether a request sent the same write: the same method and path, and the same body as
    /// JSON, or one whose every field has the recording's value (the recording's client wrote
    /// every editable field as it was). A label list sent bare is `{"labels": [...]}`, as GitHub reads it.
    public func isSent(method: String, path: String, body: String?) throws -> Bool {
        let path = Self.decoded(String(path.prefix { $0 != "?" }))
        guard method == self.method, path == self.path else { return false }
        let sent = try body.map { try Self.normalized(JSONValue(parsing: $0), path: path) } ?? nil
        if sent == self.body { return true }
        guard case .object(let fields)? = sent, case .object(let recorded)? = self.body else { return false }
        return fields.allSatisfy { recorded[$0.key] == $0.value }
    }

    static func normalized(_ value: JSONValue, path: String) -> JSONValue? {
        switch value {
        case .null, .object([:]): return nil
        case .array where path.contains("/labels"): return .object(["labels": value])
        default: return value
        }
    }

    static func decoded(_ path: String) -> String {
        path.removingPercentEncoding ?? path
    }
}
