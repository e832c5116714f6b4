/// `nav/stack`: the navigation stack, root first.
public struct StackRequest: RPCRequestType, Equatable {
    public static let method = "nav/stack"
    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var stack: [Screen]
        public init(stack: [Screen]) { self.stack = stack }
    }
}

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

/// Why the stack changed.
public enum StackChangeReason: String, Codable, Sendable {
    case initialize, push, pop, popToRoot
    /// `nav/setStack` replaced the stack.
    case setStack
}

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
