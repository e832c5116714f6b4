import Glibc
import NavClient
import NavProtocol
import Testing

/// A navhost on the snapshot with a local state database of its own (`--state` in a scratch
/// folder, removed with the last host that used it), so a test's writes are its own and never
/// the user's.
final class ActionHost {
    let host: HostUnderTest
    let statePath: String
    private let scratch: ScratchFolder

    init(_ arguments: [String] = []) throws {
        scratch = try ScratchFolder()
        statePath = scratch.path + "/local-state.sqlite"
        host = try HostUnderTest(["--state", statePath] + arguments)
    }

    /// A new navhost over the local state `earlier` wrote.
    init(after earlier: ActionHost) throws {
        scratch = earlier.scratch
        statePath = earlier.statePath
        host = try HostUnderTest(["--state", statePath])
    }

    var client: NavClient { host.client }

    /// Opens a deep link and reads its rows.
    @discardableResult
    func open(_ path: String) throws -> [JSONValue] {
        _ = try client.request("nav/open", ["path": .string(path)])
        return try rows()
    }

    func rows(_ screen: String? = nil) throws -> [JSONValue] {
        var params: [String: JSONValue] = ["limit": 1000]
        if let screen { params["screen"] = .string(screen) }
        return try client.request("screen/rows", .object(params))["rows"]?.arrayValue ?? []
    }

    func row(_ id: String, screen: String? = nil) throws -> JSONValue? {
        try rows(screen).first { $0["id"]?.stringValue == id }
    }

    func actions(_ rowIds: [String]?, screen: String? = nil) throws -> [String] {
        var params: [String: JSONValue] = [:]
        if let rowIds { params["rowIds"] = .array(rowIds.map(JSONValue.string)) }
        if let screen { params["screen"] = .string(screen) }
        return try client.request("screen/actions", .object(params))["actions"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    /// `screen/perform`; a destructive action's confirmation is answered with its token.
    func perform(_ action: String, on rowIds: [String]?, input: [String: JSONValue]? = nil, confirming: Bool = false) throws -> JSONValue {
        var params: [String: JSONValue] = ["action": .string(action)]
        if let rowIds { params["rowIds"] = .array(rowIds.map(JSONValue.string)) }
        if let input { params["input"] = .object(input) }
        let answer = try client.request("screen/perform", .object(params))
        guard confirming, answer["status"]?.stringValue == "confirm", let token = answer["confirm"] else { return answer }
        params["confirm"] = token
        return try client.request("screen/perform", .object(params))
    }

    /// The error a perform answers.
    func performError(_ action: String, on rowIds: [String]?, input: [String: JSONValue]? = nil, confirm: String? = nil) -> RPCError? {
        var params: [String: JSONValue] = ["action": .string(action)]
        if let rowIds { params["rowIds"] = .array(rowIds.map(JSONValue.string)) }
        if let input { params["input"] = .object(input) }
        if let confirm { params["confirm"] = .string(confirm) }
        return host.expectError("screen/perform", .object(params))
    }

    func shutdown() throws {
        _ = try host.shutdown()
    }
}

struct ActionTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
