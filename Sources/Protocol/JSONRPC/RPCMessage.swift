public struct RPCRequest: Sendable, Equatable {
    public var id: RequestID
    public var method: String
    public var params: JSONValue?

    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
        if let params { fields["params"] = params }
        return .object(fields)
    }

    /// The same bytes as `json.serialized()` (keys in sorted order), written without building
    /// the envelope as a dictionary: this is on the host's routing path.
    public func serialized() -> [UInt8] {
        Self.serialized(id: id, method: method, params: params.map { params in { params.serialize(into: &$0) } })
    }

    /// The same bytes for params already written as JSON.
    public static func serialized(id: RequestID, method: String, writtenParams: [UInt8]) -> [UInt8] {
        serialized(id: id, method: method) { $0 += writtenParams }
    }

    private static func serialized(id: RequestID, method: String, params: ((inout [UInt8]) -> Void)?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        bytes += #"{"id":"#.utf8
        id.json.serialize(into: &bytes)
        bytes += #","jsonrpc":"2.0","method":"#.utf8
        JSONValue.serializeString(method, into: &bytes)
        if let params {
            bytes += #","params":"#.utf8
            params(&bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

public struct RPCNotification: Sendable, Equatable {
    public var method: String
    public var params: JSONValue?

    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { fields["params"] = params }
        return .object(fields)
    }

    /// The same bytes as `json.serialized()`, without the dictionary.
    public func serialized() -> [UInt8] {
        Self.serialized(method: method, params: params.map { params in { params.serialize(into: &$0) } })
    }

    /// The same bytes for params already written as JSON.
    public static func serialized(method: String, writtenParams: [UInt8]) -> [UInt8] {
        serialized(method: method) { $0 += writtenParams }
    }

    private static func serialized(method: String, params: ((inout [UInt8]) -> Void)?) -> [UInt8] {
        var bytes = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
        JSONValue.serializeString(method, into: &bytes)
        if let params {
            bytes += #","params":"#.utf8
            params(&bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
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
        switch result {
        case .success(let value):
            return Self.serialized(id: id) { value.serialize(into: &$0) }
        case .failure(let error):
            bytes += #"{"error":"#.utf8
            error.json.serialize(into: &bytes)
            bytes += #","id":"#.utf8
            (id?.json ?? .null).serialize(into: &bytes)
            bytes += #","jsonrpc":"2.0""#.utf8
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// A success response around a result already written as JSON (a worker's answer passed on).
    public static func serialized(id: RequestID?, writtenResult: ArraySlice<UInt8>) -> [UInt8] {
        serialized(id: id) { $0 += writtenResult }
    }

    private static func serialized(id: RequestID?, result: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = Array(#"{"id":"#.utf8)
        (id?.json ?? .null).serialize(into: &bytes)
        bytes += #","jsonrpc":"2.0","result":"#.utf8
        result(&bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
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
}
