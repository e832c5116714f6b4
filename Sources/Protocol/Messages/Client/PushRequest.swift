/// `nav/push`: spawns a screen of a registered kind on top of the stack.
public struct PushRequest: RPCRequestType, Equatable {
    public static let method = "nav/push"
    public var kind: ScreenKind
    public var params: JSONValue?

    public init(kind: ScreenKind, params: JSONValue? = nil) {
        self.kind = kind
        self.params = params
    }

    public struct Response: Codable, Sendable, Equatable {
        public var screen: Screen
        public var stack: [Screen]
        public init(screen: Screen, stack: [Screen]) {
            self.screen = screen
            self.stack = stack
        }
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
