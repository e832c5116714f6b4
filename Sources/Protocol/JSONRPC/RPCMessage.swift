public struct RPCRequest: Sendable, Equatable {
    public var id: RequestID
    public var method: String
    /// The params as sent or as received (bytes, parsed only when read).
    public var carriedParams: MessageParams?

    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.init(id: id, method: method, carriedParams: params.map(MessageParams.value))
    }

    public init(id: RequestID, method: String, carriedParams: MessageParams?) {
        self.id = id
        self.method = method
        self.carriedParams = carriedParams
    }

    public var params: JSONValue? {
        get { carriedParams?.value }
        set { carriedParams = newValue.map(MessageParams.value) }
    }

    public static func == (lhs: RPCRequest, rhs: RPCRequest) -> Bool {
        lhs.id == rhs.id && lhs.method == rhs.method && lhs.params == rhs.params
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
        if let params { fields["params"] = params }
        return .object(fields)
    }

    /// The same bytes as `json.serialized()` (keys in sorted order), written without building
    /// the envelope as a dictionary: this is on the host's routing path.
    public func serialized() -> [UInt8] {
        var paramsSize = 128
        if case .received(let bytes)? = carriedParams { paramsSize = bytes.count }
        var bytes: [UInt8] = []
        // The params, the envelope and the framing's newline: the message is then framed without a copy.
        bytes.reserveCapacity(method.utf8.count + paramsSize + 64)
        serialize(into: &bytes)
        return bytes
    }

    /// Appends `serialized()` to `bytes`.
    public func serialize(into bytes: inout [UInt8]) {
        Self.head(id: id, method: method, into: &bytes)
        EnvelopeText.close(params: carriedParams, into: &bytes)
    }

    /// The same bytes for params already written as JSON, appended to `bytes`.
    public static func serialize(id: RequestID, method: String, writtenParams: some Collection<UInt8>, into bytes: inout [UInt8]) {
        head(id: id, method: method, into: &bytes)
        EnvelopeText.close(writtenParams: writtenParams, into: &bytes)
    }

    /// `{"id":…,"jsonrpc":"2.0","method":…`.
    private static func head(id: RequestID, method: String, into bytes: inout [UInt8]) {
        bytes += EnvelopeText.openingID
        id.serialize(into: &bytes)
        bytes += EnvelopeText.versionAndMethod
        JSONValue.serializeString(method, into: &bytes)
    }
}

public struct RPCNotification: Sendable, Equatable {
    public var method: String
    /// The params as sent or as received (bytes, parsed only when read).
    public var carriedParams: MessageParams?

    public init(method: String, params: JSONValue? = nil) {
        self.init(method: method, carriedParams: params.map(MessageParams.value))
    }

    public init(method: String, carriedParams: MessageParams?) {
        self.method = method
        self.carriedParams = carriedParams
    }

    public var params: JSONValue? {
        get { carriedParams?.value }
        set { carriedParams = newValue.map(MessageParams.value) }
    }

    public static func == (lhs: RPCNotification, rhs: RPCNotification) -> Bool {
        lhs.method == rhs.method && lhs.params == rhs.params
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { fields["params"] = params }
        return .object(fields)
    }

    /// The same bytes as `json.serialized()`, without the dictionary.
    public func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        serialize(into: &bytes)
        return bytes
    }

    /// Appends `serialized()` to `bytes`.
    public func serialize(into bytes: inout [UInt8]) {
        Self.head(method: method, into: &bytes)
        EnvelopeText.close(params: carriedParams, into: &bytes)
    }

    /// The same bytes for params already written as JSON, appended to `bytes`.
    public static func serialize(method: String, writtenParams: some Collection<UInt8>, into bytes: inout [UInt8]) {
        head(method: method, into: &bytes)
        EnvelopeText.close(writtenParams: writtenParams, into: &bytes)
    }

    /// `{"jsonrpc":"2.0","method":…`.
    private static func head(method: String, into bytes: inout [UInt8]) {
        bytes += EnvelopeText.versionThenMethod
        JSONValue.serializeString(method, into: &bytes)
    }
}

public struct RPCResponse: Sendable, Equatable {
    /// nil is written as `"id": null`: the reply to a request whose id could not be read.
    public var id: RequestID?
    public var result: Result<JSONValue, RPCError>

    public init(id: RequestID?, result: Result<JSONValue, RPCError>) {
        self.id = id
        self.result = result
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["jsonrpc": "2.0", "id": id?.json ?? .null]
        switch result {
        case .success(let value): fields["result"] = value
        case .failure(let error): fields["error"] = error.json
        }
        return .object(fields)
    }

    /// The same bytes as `json.serialized()` ("error" < "id" < "jsonrpc" < "result"), without the dictionary.
    public func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        serialize(into: &bytes)
        return bytes
    }

    /// Appends `serialized()` to `bytes`.
    public func serialize(into bytes: inout [UInt8]) {
        switch result {
        case .success(let value):
            Self.successHead(id: id, into: &bytes)
            value.serialize(into: &bytes)
        case .failure(let error):
            bytes += #"{"error":"#.utf8
            error.json.serialize(into: &bytes)
            bytes += #","id":"#.utf8
            Self.serialize(id: id, into: &bytes)
            bytes += #","jsonrpc":"2.0""#.utf8
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A success response around a result already written as JSON (a worker's answer passed
    /// on), appended to `bytes`.
    public static func serialize(id: RequestID?, writtenResult: ArraySlice<UInt8>, into bytes: inout [UInt8]) {
        successHead(id: id, into: &bytes)
        bytes += writtenResult
        bytes.append(UInt8(ascii: "}"))
    }

    /// `{"id":…,"jsonrpc":"2.0","result":`.
    private static func successHead(id: RequestID?, into bytes: inout [UInt8]) {
        bytes += EnvelopeText.openingID
        serialize(id: id, into: &bytes)
        bytes += EnvelopeText.versionAndResult
    }

    private static func serialize(id: RequestID?, into bytes: inout [UInt8]) {
        if let id { id.serialize(into: &bytes) } else { bytes += EnvelopeText.null }
    }
}

public enum RPCMessage: Sendable, Equatable {
    case request(RPCRequest)
    case notification(RPCNotification)
    case response(RPCResponse)

    public var json: JSONValue {
        switch self {
        case .request(let request): return request.json
        case .notification(let notification): return notification.json
        case .response(let response): return response.json
        }
    }

    public func serialized() -> [UInt8] {
        switch self {
        case .request(let request): return request.serialized()
        case .notification(let notification): return notification.serialized()
        case .response(let response): return response.serialized()
        }
    }

    /// Appends `serialized()` to `bytes`.
    public func serialize(into bytes: inout [UInt8]) {
        switch self {
        case .request(let request): request.serialize(into: &bytes)
        case .notification(let notification): notification.serialize(into: &bytes)
        case .response(let response): response.serialize(into: &bytes)
        }
    }
}

/// The fixed pieces of the envelopes the serializers write, as bytes once: appending an array is
/// one copy, where appending a literal's `utf8` view goes a character at a time.
private enum EnvelopeText {
    static let openingID = Array(#"{"id":"#.utf8)
    static let versionAndMethod = Array(#","jsonrpc":"2.0","method":"#.utf8)
    static let versionAndResult = Array(#","jsonrpc":"2.0","result":"#.utf8)
    static let params = Array(#","params":"#.utf8)
    static let versionThenMethod = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    static let null = Array("null".utf8)

    /// Ends a request or a notification after its method: the params, if any, and the brace.
    @inline(__always)
    static func close(params: MessageParams?, into bytes: inout [UInt8]) {
        if let params {
            bytes += Self.params
            params.write(into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The same for params already written as JSON.
    @inline(__always)
    static func close(writtenParams: some Collection<UInt8>, into bytes: inout [UInt8]) {
        bytes += Self.params
        bytes += writtenParams
        bytes.append(UInt8(ascii: "}"))
    }
}
