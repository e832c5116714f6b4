/// `nav/stack`: the navigation stack, root first.
public struct StackRequest: RPCRequestType, Equatable {
    public static let method = "nav/stack"
    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var stack: [Screen]
        public init(stack: [Screen]) { self.stack = stack }
    }
}

extension StackRequest.Response: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("stack", stack)
        writer.endObject()
    }
}
