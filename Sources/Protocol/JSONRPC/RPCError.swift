/// Error codes: the JSON-RPC 2.0 standard ones, then NavShell's own in the server range.
public enum RPCErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let messageTooLarge = -32001
    public static let workerFailed = -32010
    public static let requestTimedOut = -32011
    public static let screenNotFound = -32012
    public static let invalidNavigation = -32013
    /// `screen/rows` asked for a revision the screen has moved past.
    public static let revisionGone = -32014
    /// A screen could not load its data (a database or network failure).
    public static let dataUnavailable = -32015
    /// A `screen/perform` could not be done (`data.reason` says why).
    public static let actionFailed = -32016
}

/// A JSON-RPC error object: `{"code": Int, "message": String, "data"?: any}`.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "error \(code): \(message)" }

    /// `{code, message}` plus `data` when it is non-nil.
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["code": .int(code), "message": .string(message)]
        if let data { fields["data"] = data }
        return .object(fields)
    }

    /// Reads an error object received from a peer: `code` must be an integer and `message` a
    /// string; other members are ignored.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json,
            case .int(let code)? = fields["code"],
            case .string(let message)? = fields["message"]
        else { return nil }
        self.init(code: code, message: message, data: fields["data"])
    }
}

extension RPCError {
    public static func parseError(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.parseError, message: message)
    }

    public static func invalidRequest(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidRequest, message: message)
    }

    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: RPCErrorCode.methodNotFound, message: "unknown method '\(method)'")
    }

    public static func invalidParams(_ message: String, data: JSONValue? = nil) -> RPCError {
        RPCError(code: RPCErrorCode.invalidParams, message: message, data: data)
    }

    public static func internalError(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.internalError, message: message)
    }

    public static func serverNotInitialized() -> RPCError {
        RPCError(code: RPCErrorCode.serverNotInitialized, message: "server not initialized")
    }

    public static func requestCancelled() -> RPCError {
        RPCError(code: RPCErrorCode.requestCancelled, message: "request cancelled")
    }

    public static func messageTooLarge(byteCount: Int, limit: Int) -> RPCError {
        RPCError(
            code: RPCErrorCode.messageTooLarge,
            message: "message of \(byteCount) bytes exceeds the limit of \(limit) bytes")
    }

    public static func workerFailed(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.workerFailed, message: message)
    }

    public static func requestTimedOut(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.requestTimedOut, message: message)
    }

    public static func screenNotFound(_ screenID: String) -> RPCError {
        RPCError(code: RPCErrorCode.screenNotFound, message: "no screen with id '\(screenID)'")
    }

    public static func invalidNavigation(_ message: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidNavigation, message: message)
    }
}
