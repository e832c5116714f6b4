import NavProtocol

/// One scripted behaviour of the fake server (see docs/live-github.md): which requests it
/// applies to, and what to answer instead of the plain replay.
public struct FakeRule: Encodable {
    public var path: String
    /// "exact" (default) or "prefix".
    public var match: String?
    /// How many requests it applies to; nil for all.
    public var times: Int?
    /// "drop", "reset", "truncate", "malformed", "echo_authorization".
    public var fault: String?
    /// Wait this long before answering, giving up as soon as the client hangs up.
    public var delayMilliseconds: Int?
    /// Answer this status with `body` instead of a recording.
    public var status: Int?
    public var body: JSONValue?
    /// Answer with this corpus file instead of the one the path selects.
    public var recording: String?
    public var addHeaders: [String: String]?

    enum CodingKeys: String, CodingKey {
        case path, match, times, fault, status, body, recording
        case delayMilliseconds = "delay_ms"
        case addHeaders = "add_headers"
    }

    public init(
        path: String, match: String? = nil, times: Int? = nil, fault: String? = nil, delayMilliseconds: Int? = nil,
        status: Int? = nil, body: JSONValue? = nil, recording: String? = nil, addHeaders: [String: String]? = nil
    ) {
        self.path = path
        self.match = match
        self.times = times
        self.fault = fault
        self.delayMilliseconds = delayMilliseconds
        self.status = status
        self.body = body
        self.recording = recording
        self.addHeaders = addHeaders
    }
}

/// One entry of the fake server's request log (`GET /__requests`).
public struct LoggedRequest: Decodable {
    public var seq: Int
    public var method: String
    /// Path and query as received, API prefix removed.
    public var path: String
    /// Names lower-cased.
    public var headers: [String: String]
    public var status: Int?
    /// "pending", "completed", "client_closed", "dropped", "reset", "truncated".
    public var outcome: String
    public var recording: String?
    public var fault: String?
    /// The request body as received (text), nil when none was sent.
    public var body: String?
    /// The server's monotonic clock, in seconds, when the request arrived and when its answer
    /// was written (or the exchange otherwise ended).
    public var receivedAt: Double?
    public var answeredAt: Double?
    /// The client's port: requests on one kept connection share it.
    public var clientPort: Int?

    enum CodingKeys: String, CodingKey {
        case seq, method, path, headers, status, outcome, recording, fault, body
        case receivedAt = "received_at"
        case answeredAt = "answered_at"
        case clientPort = "client_port"
    }
}
