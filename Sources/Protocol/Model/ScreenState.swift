/// A screen's list shape at a revision: the answer to `screen/query` and `worker/open`.
public struct ScreenState: Codable, Sendable, Equatable {
    public var screen: String?
    public var title: String?
    public var revision: Int
    public var sections: [SectionInfo]
    /// Data is still loading (a query, the next page).
    public var loading: Bool?
    /// Only in a `worker/open` answer that was asked for them (`rows`): the first rows.
    public var rows: [Row]?

    public init(screen: String? = nil, title: String? = nil, revision: Int, sections: [SectionInfo], loading: Bool? = nil, rows: [Row]? = nil) {
        self.screen = screen
        self.title = title
        self.revision = revision
        self.sections = sections
        self.loading = loading
        self.rows = rows
    }
}

extension ScreenState: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("loading", loading)
        writer.field("revision", revision)
        // Not an overload of `field` for an optional array: tried, it cost the worker about
        // 950 instructions per `worker/rows` (`scripts/profile-host --worker`).
        if let rows { writer.field("rows", rows) }
        writer.field("screen", screen)
        writer.field("sections", sections)
        writer.field("title", title)
        writer.endObject()
    }
}
