/// `worker/didUpdate` (worker -> host): the screen's revision moved; the host forwards it
/// to the client as `screen/didUpdate` with the screen's id.
public struct WorkerDidUpdateNotification: RPCNotificationType, Equatable {
    public static let method = "worker/didUpdate"
    public var revision: Int
    public var sections: [SectionInfo]
    public var changes: RowChanges?
    public var reset: Bool?
    public var loading: Bool?

    public init(revision: Int, sections: [SectionInfo], changes: RowChanges? = nil, reset: Bool? = nil, loading: Bool? = nil) {
        self.revision = revision
        self.sections = sections
        self.changes = changes
        self.reset = reset
        self.loading = loading
    }
}

extension WorkerDidUpdateNotification: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("changes", changes)
        writer.field("loading", loading)
        writer.field("reset", reset)
        writer.field("revision", revision)
        writer.field("sections", sections)
        writer.endObject()
    }
}
