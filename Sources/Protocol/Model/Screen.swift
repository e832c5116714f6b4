/// A screen on the navigation stack, as the client sees it.
public struct Screen: Codable, Sendable, Hashable {
    public var id: String
    public var kind: ScreenKind
    public var title: String
    public var params: JSONValue
    /// Only in `nav/stack`: what the screen needs to be restored (see `nav/setStack`).
    public var token: RestorationToken?

    public init(id: String, kind: ScreenKind, title: String, params: JSONValue, token: RestorationToken? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.params = params
        self.token = token
    }
}

extension Screen: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("kind", kind)
        writer.field("params", params)
        writer.field("title", title)
        writer.field("token", token)
        writer.endObject()
    }
}
