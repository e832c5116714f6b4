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
