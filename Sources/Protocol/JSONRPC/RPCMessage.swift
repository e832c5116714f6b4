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

    public func serialized() -> [UInt8] { json.serialized() }
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

    public func serialized() -> [UInt8] { json.serialized() }
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

    public func serialized() -> [UInt8] { json.serialized() }
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

    public func serialized() -> [UInt8] { json.serialized() }
}
