/// A repository's licence as GitHub detects it (`license` in a repository body).
public struct GitHubLicense: Codable, Sendable, Hashable {
    /// GitHub's licence key, e.g. "mit", "other".
    public var key: String
    public var name: String
    /// The SPDX identifier; GitHub sends null or "NOASSERTION" for unrecognised licences.
    public var spdxID: String?

    public init(key: String, name: String, spdxID: String?) {
        self.key = key
        self.name = name
        self.spdxID = spdxID
    }

    enum CodingKeys: String, CodingKey {
        case key
        case name
        case spdxID = "spdx_id"
    }
}
