/// The `type` of a GitHub account. Not a closed enum: GitHub has added kinds over the years
/// (e.g. "Bot", "Mannequin"), and an unknown one must still decode.
public struct GitHubAccountType: RawRepresentable, Codable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let user = GitHubAccountType(rawValue: "User")
    public static let organization = GitHubAccountType(rawValue: "Organization")
    public static let bot = GitHubAccountType(rawValue: "Bot")
}
