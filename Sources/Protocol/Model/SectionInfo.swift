/// A section of a screen's list: its rows are read with `screen/rows`.
public struct SectionInfo: Codable, Sendable, Hashable {
    public var id: String
    public var header: String?
    public var footer: String?
    /// Rows readable now. With `hasMore`, more will load as the client reads near the end.
    public var count: Int
    /// More rows exist beyond `count` (a paged list not read to its end).
    public var hasMore: Bool?
    /// `loading` while the section's first rows are on their way, `failed` when loading failed
    /// (then `error` says why); absent when loaded.
    public var state: SectionState?
    public var error: String?
    /// The rows are saved data shown because the source could not be reached; the footer says why.
    public var stale: Bool?

    public init(
        id: String, header: String? = nil, footer: String? = nil, count: Int, hasMore: Bool? = nil,
        state: SectionState? = nil, error: String? = nil, stale: Bool? = nil
    ) {
        self.id = id
        self.header = header
        self.footer = footer
        self.count = count
        self.hasMore = hasMore
        self.state = state
        self.error = error
        self.stale = stale
    }
}

public enum SectionState: String, Codable, Sendable, Hashable {
    case loading, failed
}

extension SectionInfo: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("count", count)
        writer.field("error", error)
        writer.field("footer", footer)
        writer.field("hasMore", hasMore)
        writer.field("header", header)
        writer.field("id", id)
        writer.field("stale", stale)
        writer.field("state", state)
        writer.endObject()
    }
}
