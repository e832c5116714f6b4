/// `nav/pop`: ends the top screen; the root cannot be popped.
public struct PopRequest: RPCRequestType, Equatable {
    public static let method = "nav/pop"
    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var popped: Screen
        public var stack: [Screen]
        public init(popped: Screen, stack: [Screen]) {
            self.popped = popped
            self.stack = stack
        }
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
