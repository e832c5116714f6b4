// The answers to reads, written directly (see `JSONWriter`). Keys go in sorted order.

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

extension RowsRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("revision", revision)
        writer.field("rows", rows)
        writer.field("screen", screen)
        writer.field("sections", sections)
        writer.endObject()
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

/// What the host sends a worker for `screen/rows` (`worker/rows` takes the same params).
extension RowsRequest: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("limit", limit)
        writer.field("offset", offset)
        writer.field("revision", revision)
        writer.field("screen", screen)
        writer.field("section", section)
        writer.endObject()
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
