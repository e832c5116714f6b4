// What carries the whole stack, written directly (see `JSONWriter`): a deep stack is thousands
// of screens, in every answer that changes it and in the `nav/didChange` after it. Keys go in
// sorted order.

extension StackRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension PushRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("screen", screen)
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension PopRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("popped", popped)
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension PopToRootRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("popped", popped)
        writer.field("stack", stack)
        writer.endObject()
    }
}

extension DidChangeNotification: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("reason", reason)
        writer.field("stack", stack)
        writer.endObject()
    }
}

/// A selection's answer: a push carries the stack, and with `rows` the pushed screen's first rows.
extension SelectRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("action", action)
        writer.field("pushed", pushed)
        writer.field("pushedRows", pushedRows)
        writer.field("screen", screen)
        if let stack { writer.field("stack", stack) }
        writer.field("url", url)
        writer.endObject()
    }
}
