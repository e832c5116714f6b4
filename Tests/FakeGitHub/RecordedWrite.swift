import Foundation
import NavProtocol

/// One recorded write exchange of `<corpus>/writes`, by its file name, with the status GitHub
/// answered. Whether a request is the recorded one is the fake's to say (the `recording` its
/// log gives the request): `writes.py` is the one matcher.
public struct RecordedWrite {
    public var name: String
    public var status: Int

    public init(named name: String) throws {
        let url = GitHubCorpus.writesDirectory.appendingPathComponent(name)
        let file = try JSONValue(parsing: [UInt8](try Data(contentsOf: url)))
        self.name = name
        status = file["status"]?.intValue ?? 0
    }
}
