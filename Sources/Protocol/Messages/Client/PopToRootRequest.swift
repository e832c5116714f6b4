/// `nav/popToRoot`: ends every screen above the root.
public struct PopToRootRequest: RPCRequestType, Equatable {
    public static let method = "nav/popToRoot"
    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var popped: [Screen]
        public var stack: [Screen]
        public init(popped: [Screen], stack: [Screen]) {
            self.popped = popped
            self.stack = stack
        }
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
