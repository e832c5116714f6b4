// The notifications a worker sends on every change of its list, written directly (see
// `JSONWriter`). Keys go in sorted order.

extension RowPosition: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("index", index)
        writer.endObject()
    }
}

extension RowMove: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("from", from)
        writer.field("id", id)
        writer.field("to", to)
        writer.endObject()
    }
}

extension RowChanges: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("inserted", inserted)
        writer.field("moved", moved)
        writer.field("reconfigured", reconfigured)
        writer.field("removed", removed)
        writer.endObject()
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

extension RestorationToken.Window: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("limit", limit)
        writer.field("offset", offset)
        writer.field("section", section)
        writer.endObject()
    }
}

extension RestorationToken: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("query", query)
        writer.field("revision", revision)
        writer.field("selection", selection)
        writer.field("window", window)
        writer.endObject()
    }
}

extension WorkerDidChangeStateNotification: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("token", token)
        writer.endObject()
    }
}
