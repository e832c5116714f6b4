/// `nav/didChange` (host -> client): the stack after any change.
public struct DidChangeNotification: RPCNotificationType, Equatable {
    public static let method = "nav/didChange"
    public var stack: [Screen]
    public var reason: StackChangeReason

    public init(stack: [Screen], reason: StackChangeReason) {
        self.stack = stack
        self.reason = reason
    }
}

/// Why the stack changed.
public enum StackChangeReason: String, Codable, Sendable {
    case initialize, push, pop, popToRoot
    /// `nav/setStack` replaced the stack.
    case setStack
}

extension DidChangeNotification: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("reason", reason)
        writer.field("stack", stack)
        writer.endObject()
    }
}
