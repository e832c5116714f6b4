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
        try answer(RowsRequest(screen: screen, limit: 1000))["rows"]?.arrayValue ?? []
    }

    func row(_ id: String, screen: String? = nil) throws -> JSONValue? {
        try rows(screen).first { $0["id"]?.stringValue == id }
    }

    func actions(_ rowIds: [String]?, screen: String? = nil) throws -> [String] {
        try client.send(ActionsRequest(screen: screen, rowIds: rowIds)).actions.map(\.id)
    }

    /// `screen/perform`; a destructive action's confirmation is answered with its token.
    func perform(_ action: String, on rowIds: [String]?, input: [String: JSONValue]? = nil, confirming: Bool = false) throws -> JSONValue {
        var request = PerformRequest(rowIds: rowIds, action: action, input: input)
        let asked = try answer(request)
        guard confirming, asked["status"]?.stringValue == "confirm", let token = asked["confirm"]?.stringValue else { return asked }
        request.confirm = token
        return try answer(request)
    }

    /// The error a perform answers.
    func performError(_ action: String, on rowIds: [String]?, input: [String: JSONValue]? = nil, confirm: String? = nil) -> RPCError? {
        let request = PerformRequest(rowIds: rowIds, action: action, input: input, confirm: confirm)
        do {
            return host.expectError(PerformRequest.method, try JSONValueEncoder().encode(request))
        } catch {
            Issue.record("the perform could not be encoded: \(error)")
            return nil
        }
    }

    /// A typed request's answer as JSON: the tests read rows and results by their keys.
    private func answer<Request: RPCRequestType>(_ request: Request) throws -> JSONValue {
        try client.request(Request.method, JSONValueEncoder().encode(request))
    }

    func shutdown() throws {
        _ = try host.shutdown()
    }
}
