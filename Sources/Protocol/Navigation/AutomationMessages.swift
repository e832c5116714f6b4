// Methods for scripts and end-to-end tests: wait until settled, read a screen as text, deep links.

/// `nav/waitIdle`: answers once nothing is in flight anywhere: no queued or running stack
/// operation, no request outstanding to a worker, no screen loading, no other client request
/// pending, no popped worker still ending, and every message written to the client.
/// On timeout it fails with `requestTimedOut` and `IdleTimeoutData` listing what was pending.
public struct WaitIdleRequest: RPCRequestType, Equatable {
    public static let method = "nav/waitIdle"
    /// Seconds to wait (default 10, at most 600; 0 asks "idle right now?").
    public var timeout: Double?

    public static let defaultTimeout = 10.0
    public static let maxTimeout = 600.0

    public init(timeout: Double? = nil) {
        self.timeout = timeout
    }

    /// A timeout out of range (NaN included) is refused before a timer is armed with it.
    public static func decode(params: JSONValue?) throws(RPCError) -> WaitIdleRequest {
        let request = try decodeParams(WaitIdleRequest.self, from: params)
        try checkRange(request.timeout, "timeout", 0...maxTimeout)
        return request
    }

    public struct Response: Codable, Sendable, Equatable {
        /// Grows with every visible change: a stack change or a screen update.
        public var stateVersion: Int
        public init(stateVersion: Int) { self.stateVersion = stateVersion }
    }
}

/// `nav/didIdle` (host -> client): the host became idle after a visible change (a stack change or a screen update).
public struct DidIdleNotification: RPCNotificationType, Equatable {
    public static let method = "nav/didIdle"
    public var stateVersion: Int
    public init(stateVersion: Int) { self.stateVersion = stateVersion }
}

/// One thing that kept the host from being idle.
public struct PendingWork: Codable, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        /// Stack operations and client requests waiting in the host's ordered queue.
        case queue
        /// A client request the host has not answered yet.
        case clientRequest
        /// A request the host sent to a worker, or a worker sent to the host, still unanswered.
        case workerRequest
        /// A screen whose last update said it is still loading.
        case loading
        /// A worker that is starting or ending.
        case worker
        /// Bytes not yet written to the client.
        case output
    }

    public var kind: Kind
    public var screen: String?
    public var method: String?
    public var detail: String

    public init(kind: Kind, screen: String? = nil, method: String? = nil, detail: String) {
        self.kind = kind
        self.screen = screen
        self.method = method
        self.detail = detail
    }

    public var description: String { detail }
}

/// The `data` of a `nav/waitIdle` timeout.
public struct IdleTimeoutData: Codable, Sendable, Equatable {
    public var stateVersion: Int
    public var pending: [PendingWork]
    public init(stateVersion: Int, pending: [PendingWork]) {
        self.stateVersion = stateVersion
        self.pending = pending
    }
}

/// `screen/render`: a screen (the top one by default) as plain text, as `navhost demo` prints it.
public struct RenderRequest: RPCRequestType, Equatable {
    public static let method = "screen/render"
    public var screen: String?
    /// Columns; longer lines end in "…" (default 78, at least 20).
    public var width: Int?
    /// Rows shown (default 200); the rest is summed up as "… N more".
    public var limit: Int?

    public static let defaultWidth = 78
    public static let minimumWidth = 20
    /// Wider than any terminal; a width is a number from the client, so it is bounded.
    public static let maximumWidth = 1000

    public init(screen: String? = nil, width: Int? = nil, limit: Int? = nil) {
        self.screen = screen
        self.width = width
        self.limit = limit
    }

    public static func decode(params: JSONValue?) throws(RPCError) -> RenderRequest {
        let request = try decodeParams(RenderRequest.self, from: params)
        try checkRange(request.width, "width", minimumWidth...maximumWidth)
        try checkRange(request.limit, "limit", 0...RowsRequest.maxLimit)
        return request
    }

    public struct Response: Codable, Sendable, Equatable {
        public var screen: String
        public var text: String
        /// The 0-based line of each row's title, by row id: maps a cursor line to a row.
        public var rowLines: [String: Int]

        public init(screen: String, text: String, rowLines: [String: Int]) {
            self.screen = screen
            self.text = text
            self.rowLines = rowLines
        }
    }
}

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
