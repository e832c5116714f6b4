import MCP

/// An MCP method as navhost mcp answers it: with raw params. The SDK's own method types answer
/// params they cannot decode with -32603 (internal error); with these, `MCPParams` checks them
/// and answers -32602 naming the field. Results keep the SDK's types.
enum RawParams<M: MCP.Method>: MCP.Method {
    static var name: String { M.name }
    typealias Parameters = Value
    typealias Result = M.Result
}

/// Reads a request's params, refusing with -32602 and the field's name.
struct MCPParams {
    let method: String
    let fields: [String: Value]

    init(_ method: String, _ params: Value) throws(MCPError) {
        self.method = method
        switch params {
        case .null: fields = [:]
        case .object(let object): fields = object
        default: throw MCPError.invalidParams("\(method): params must be an object")
        }
    }

    func string(_ name: String) throws(MCPError) -> String {
        guard let value = try optionalString(name) else { throw MCPError.invalidParams("\(method): params.\(name) is missing; it is a string") }
        return value
    }

    func optionalString(_ name: String) throws(MCPError) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw MCPError.invalidParams("\(method): params.\(name) must be a string")
        }
    }

    func object(_ name: String) throws(MCPError) -> [String: Value]? {
        switch fields[name] {
        case nil, .null?: return nil
        case .object(let value)?: return value
        default: throw MCPError.invalidParams("\(method): params.\(name) must be an object")
        }
    }

    /// `_meta.progressToken`, a string or an integer, when the client asked for progress.
    func progressToken() throws(MCPError) -> ProgressToken? {
        try Self.progressToken(try object("_meta")?["progressToken"], method: method)
    }

    /// A request's `_meta.progressToken` as given (nil: none), checked: every method that
    /// reports progress reads it here, `tools/call` from the params it keeps as they came.
    static func progressToken(_ token: Value?, method: String) throws(MCPError) -> ProgressToken? {
        switch token {
        case nil, .null?: return nil
        case .string(let token)?: return .string(token)
        case .int(let token)?: return .integer(token)
        default: throw MCPError.invalidParams("\(method): params._meta.progressToken must be a string or an integer")
        }
    }

    /// These lists come whole: a cursor can only be one the server did not give.
    func refuseCursor() throws(MCPError) {
        if try optionalString("cursor") != nil {
            throw MCPError.invalidParams("\(method): params.cursor is not a cursor this server gave; its lists come whole, without cursors")
        }
    }
}
