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

    /// Reads a payload in one pass. A message object's members are read without building a tree
    /// of the object, and its params are checked but kept as bytes (`MessageParams.received`,
    /// slices of `bytes`); what the payload is made of is decided as for a parsed document.
    public static func parse(_ bytes: [UInt8]) -> RPCPayload {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) {
                let payload = try parser.parsePayload(in: bytes)
                parser.skipWhitespace()
                if parser.index < buffer.count { throw parser.failure("unexpected \(parser.describeByte(buffer[parser.index])) after the document") }
                return payload
            } catch {
                return .single(.invalid(id: nil, error: .parseError(error.description)))
            }
        }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> RPCPayload {
        parse(Array(bytes))
    }
}

/// The members of a message object that say what it is; other members are dropped.
struct RPCEnvelope {
    var jsonrpc: JSONValue?
    var id: JSONValue?
    var method: JSONValue?
    var params: MessageParams?
    var result: JSONValue?
    var error: JSONValue?

    init() {}
}

extension RPCEntry {
    /// A payload element that is not an object: not a message.
    static func notAnObject(_ value: JSONValue) -> RPCEntry {
        .invalid(id: nil, error: .invalidRequest("a message must be an object, found \(value.typeName)"))
    }

    /// Classifies a message object's members as a request, notification or response, or says
    /// why it is none.
    init(classifying envelope: RPCEnvelope) {
        let usableID = envelope.id.flatMap(RequestID.init(json:))
        func invalid(_ message: String) -> RPCEntry { .invalid(id: usableID, error: .invalidRequest(message)) }

        guard case .string(let version)? = envelope.jsonrpc, version == "2.0" else {
            self = invalid("the 'jsonrpc' member must be \"2.0\"")
            return
        }
        if let method = envelope.method {
            self = Self.classifyCall(method: method, envelope: envelope, usableID: usableID, invalid: invalid)
        } else {
            self = Self.classifyResponse(envelope: envelope, usableID: usableID, invalid: invalid)
        }
    }

    private static func classifyCall(
        method: JSONValue, envelope: RPCEnvelope, usableID: RequestID?, invalid: (String) -> RPCEntry
    ) -> RPCEntry {
        guard case .string(let method) = method else { return invalid("'method' must be a string") }
        // `"params": null` is what many real clients send for a method without params (Emacs's
        // jsonrpc.el, pygls, jsonrpc-glib, Go's jsonrpc2): the spec's intent is "no params".
        var params = envelope.params
        switch params?.shape {
        case nil, .object?, .array?: break
        case .null?: params = nil
        case .other?: return invalid("params must be an object, an array or null")
        }
        guard envelope.id != nil else {
            return .message(.notification(RPCNotification(method: method, carriedParams: params)))
        }
        guard let usableID else { return invalid("'id' must be a string or an integer") }
        return .message(.request(RPCRequest(id: usableID, method: method, carriedParams: params)))
    }

    private static func classifyResponse(envelope: RPCEnvelope, usableID: RequestID?, invalid: (String) -> RPCEntry) -> RPCEntry {
        guard let id = envelope.id else { return invalid("missing 'method'") }
        let responseID: RequestID?
        if id == .null {
            responseID = nil
        } else if let usableID {
            responseID = usableID
        } else {
            return invalid("'id' must be a string, an integer or null")
        }
        switch (envelope.result, envelope.error) {
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
