/// One element of an incoming payload: a well-formed message, or an invalid one together with
/// the error to answer it with (and its id, when one could be read).
public enum RPCEntry: Sendable, Equatable {
    case message(RPCMessage)
    case invalid(id: RequestID?, error: RPCError)

    /// The reply an invalid entry calls for; nil for a well-formed message.
    public var errorResponse: RPCResponse? {
        guard case .invalid(let id, let error) = self else { return nil }
        return RPCResponse(id: id, result: .failure(error))
    }
}

/// An incoming payload classified per JSON-RPC 2.0 sections 4–6.
public enum RPCPayload: Sendable, Equatable {
    case single(RPCEntry)
    case batch([RPCEntry])

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> RPCPayload {
        do {
            return classify(try JSONValue(parsing: bytes))
        } catch {
            return .single(.invalid(id: nil, error: .parseError(error.description)))
        }
    }

    public static func parse(_ bytes: [UInt8]) -> RPCPayload {
        bytes.withUnsafeBytes { parse($0) }
    }

    /// Classifies an already parsed document.
    public static func classify(_ document: JSONValue) -> RPCPayload {
        guard case .array(let elements) = document else { return .single(RPCEntry(classifying: document)) }
        if elements.isEmpty { return .single(.invalid(id: nil, error: .invalidRequest("empty batch"))) }
        return .batch(elements.map(RPCEntry.init(classifying:)))
    }
}

extension RPCEntry {
    /// Classifies one JSON value as a request, notification or response, or says why it is none.
    public init(classifying value: JSONValue) {
        guard case .object(let fields) = value else {
            self = .invalid(id: nil, error: .invalidRequest("a message must be an object, found \(value.typeName)"))
            return
        }
        let usableID = fields["id"].flatMap(RequestID.init(json:))
        func invalid(_ message: String) -> RPCEntry { .invalid(id: usableID, error: .invalidRequest(message)) }

        guard fields["jsonrpc"] == "2.0" else {
            self = invalid("the 'jsonrpc' member must be \"2.0\"")
            return
        }
        if let method = fields["method"] {
            self = Self.classifyCall(method: method, fields: fields, usableID: usableID, invalid: invalid)
        } else {
            self = Self.classifyResponse(fields: fields, usableID: usableID, invalid: invalid)
        }
    }

    private static func classifyCall(
        method: JSONValue, fields: [String: JSONValue], usableID: RequestID?, invalid: (String) -> RPCEntry
    ) -> RPCEntry {
        guard case .string(let method) = method else { return invalid("'method' must be a string") }
        // `"params": null` is what many real clients send for a method without params (Emacs's
        // jsonrpc.el, pygls, jsonrpc-glib, Go's jsonrpc2): the spec's intent is "no params".
        var params = fields["params"]
        switch params {
        case nil, .array?, .object?: break
        case .null?: params = nil
        default: return invalid("params must be an object, an array or null")
        }
        guard fields["id"] != nil else {
            return .message(.notification(RPCNotification(method: method, params: params)))
        }
        guard let usableID else { return invalid("'id' must be a string or an integer") }
        return .message(.request(RPCRequest(id: usableID, method: method, params: params)))
    }

    private static func classifyResponse(
        fields: [String: JSONValue], usableID: RequestID?, invalid: (String) -> RPCEntry
    ) -> RPCEntry {
        guard let id = fields["id"] else { return invalid("missing 'method'") }
        let responseID: RequestID?
        if id == .null {
            responseID = nil
        } else if let usableID {
            responseID = usableID
        } else {
            return invalid("'id' must be a string, an integer or null")
        }
        switch (fields["result"], fields["error"]) {
        case (let result?, nil):
            return .message(.response(RPCResponse(id: responseID, result: .success(result))))
        case (nil, let error?):
            guard let error = RPCError(json: error) else {
                return invalid("'error' must be an object with an integer 'code' and a string 'message'")
            }
            return .message(.response(RPCResponse(id: responseID, result: .failure(error))))
        default:
            return invalid("a response must have exactly one of 'result' and 'error'")
        }
    }
}
