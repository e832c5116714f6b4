/// One row of a list. `id` is stable for the same item across loads, so a client can keep
/// selection and scroll position; `section` names the section the row belongs to.
public struct Row: Codable, Sendable, Hashable {
    public var id: String
    public var kind: String
    public var title: String
    public var subtitle: String?
    public var detail: String?
    public var accessory: Accessory?
    public var section: String?
    /// The typed values behind the display strings, as a JSON object (a count as a number, a
    /// URL as a string), so a script never parses "3,238" or "★ 3.2k". Its keys depend on the
    /// row's kind (docs/protocol.md, section 12); absent for rows that show no data.
    public var values: JSONValue?

    public init(
        id: String, kind: String, title: String, subtitle: String? = nil, detail: String? = nil,
        accessory: Accessory? = nil, section: String? = nil, values: JSONValue? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.accessory = accessory
        self.section = section
        self.values = values
    }
}

/// What a row shows at its trailing edge, as in a table view cell.
public enum Accessory: String, Codable, Sendable, Hashable, CaseIterable {
    /// Selecting the row pushes a screen.
    case disclosure
    /// Selecting the row yields a URL for the client to open.
    case link
}

extension Row: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("accessory", accessory)
        writer.field("detail", detail)
        writer.field("id", id)
        writer.field("kind", kind)
        writer.field("section", section)
        writer.field("subtitle", subtitle)
        writer.field("title", title)
        writer.field("values", values)
        writer.endObject()
    }
}
