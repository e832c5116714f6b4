/// A label on an issue or pull request (`labels[]`). GitHub's 2012 bodies carry only `url`,
/// `name` and `color`; `description` came later and is often null.
public struct GitHubLabel: Codable, Sendable, Hashable {
    public var name: String
    /// Six hex digits without "#", e.g. "d73a4a".
    public var color: String?
    public var description: String?

    public init(name: String, color: String? = nil, description: String? = nil) {
        self.name = name
        self.color = color
        self.description = description
    }
}
