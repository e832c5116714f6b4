import NavProtocol

/// One scripted behaviour of the fake server (see docs/live-github.md): which requests it
/// applies to, and what to answer instead of the plain replay.
struct FakeRule: Encodable {
    var path: String
    /// "exact" (default) or "prefix".
    var match: String?
    /// How many requests it applies to; nil for all.
    var times: Int?
    /// "drop", "reset", "truncate", "malformed", "echo_authorization".
    var fault: String?
    /// Wait this long before answering, giving up as soon as the client hangs up.
    var delayMilliseconds: Int?
    /// Answer this status with `body` instead of a recording.
    var status: Int?
    var body: JSONValue?
    /// Answer with this corpus file instead of the one the path selects.
    var recording: String?
    var addHeaders: [String: String]?

    enum CodingKeys: String, CodingKey {
        case path, match, times, fault, status, body, recording
        case delayMilliseconds = "delay_ms"
        case addHeaders = "add_headers"
    }
}

/// One entry of the fake server's request log (`GET /__requests`).
struct LoggedRequest: Decodable {
    var seq: Int
    var method: String
    /// Path and query as received, API prefix removed.
    var path: String
    /// Names lower-cased.
    var headers: [String: String]
    var status: Int?
    /// "pending", "completed", "client_closed", "dropped", "reset", "truncated".
    var outcome: String
    var recording: String?
    var fault: String?
}
