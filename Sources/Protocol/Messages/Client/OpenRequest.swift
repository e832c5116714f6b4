/// `nav/open`: replaces the stack with the screens a path names (a deep link), e.g.
/// `users/mojombo/repositories/grit`. See docs/automation.md for the grammar.
public struct OpenRequest: RPCRequestType, Equatable {
    public static let method = "nav/open"
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public struct Response: Codable, Sendable, Equatable {
        public var stack: [Screen]
        public init(stack: [Screen]) { self.stack = stack }
    }
}
