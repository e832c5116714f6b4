/// The body of a `GET /search/...` response.
public struct GitHubSearchResult<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var totalCount: Int
    /// Absent from bodies recorded before 2014.
    public var incompleteResults: Bool?
    public var items: [Item]

    public init(totalCount: Int, incompleteResults: Bool?, items: [Item]) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
        case items
    }
}
