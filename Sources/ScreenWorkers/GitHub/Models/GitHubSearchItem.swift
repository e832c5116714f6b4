/// The facts about a search as a whole that every page of `GET /search/...` repeats.
public struct GitHubSearchTotal: Sendable, Hashable {
    /// GitHub's search API lists at most this many results, however many match.
    public static let resultCap = 1_000

    /// How many match in all.
    public var totalCount: Int
    /// Whether GitHub stopped searching before it was sure of every match (a timeout).
    public var incompleteResults: Bool

    public init(totalCount: Int, incompleteResults: Bool) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
    }

    /// How many of the matches can be listed.
    public var listable: Int { min(totalCount, Self.resultCap) }
    /// Whether more match than can be listed.
    public var isCapped: Bool { totalCount > Self.resultCap }
}

/// An entry of a search's list: the search's total first (on its first page), then the results.
public enum GitHubSearchItem<Result: Sendable & Hashable>: Sendable, Hashable {
    case total(GitHubSearchTotal)
    case result(Result)
}
