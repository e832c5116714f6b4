import NavClient
import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct ToolRequestTests {
    @Test func argumentsAreCheckedByName() throws {
        #expect(try ToolRequest(name: "open", arguments: ["path": "users"]) == .open(path: "users"))
        #expect(try ToolRequest(name: "rows", arguments: ["limit": .int(5), "cursor": .null]) == .rows(section: nil, limit: 5, cursor: nil))
        #expect(try ToolRequest(name: "search", arguments: ["text": ""]) == .search(text: ""))
        #expect(try ToolRequest(name: "push", arguments: ["kind": "followers", "params": .object(["login": "x"])]) == .push(kind: "followers", params: .object(["login": "x"])))
        #expect(try ToolRequest(name: "fly", arguments: [:]) == nil)
    }

    @Test func aBadArgumentSaysWhatItShouldBe() {
        func message(_ name: String, _ arguments: [String: JSONValue]) -> String? {
            do {
                _ = try ToolRequest(name: name, arguments: arguments)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("open", [:]) == #"open needs the argument path, a string such as "users/mojombo/repositories/chronic": {"path": "users/mojombo/repositories/chronic"}"#)
        #expect(message("select", ["rowId": ""]) == #"select: rowId is empty; give one such as "user:mojombo""#)
        #expect(message("select", ["rowId": .int(3)]) == "select: rowId must be a string, not a number")
        #expect(message("rows", ["limit": .int(0)]) == "rows: limit must be from 1 to 1000, not 0")
        #expect(message("rows", ["limit": .double(1.5)]) == "rows: limit must be a whole number from 1 to 1000, not a number")
        #expect(message("push", ["kind": "users", "params": .array([])]) == #"push: params must be an object such as {"login": "mojombo"}, not an array"#)
        #expect(message("stack", ["b": .null, "a": .int(1)]) == "stack takes no arguments; unknown: a, b")
    }
}

@Suite struct ToolFailureTests {
    static let top = Screen(id: "s2", kind: "repositories", title: "mojombo's repositories", params: .object(["login": "mojombo"]))

    static func rpc(_ code: Int, _ message: String, _ data: JSONValue? = nil) -> NavClientError {
        .rpc(RPCError(code: code, message: message, data: data))
    }

    @Test func anUnknownRowListsTheRowsThere() {
        let notFound = Self.rpc(RPCErrorCode.invalidParams, "no row with id 'repo:x' on this screen", ["reason": "notFound"])
        let ids = (0..<45).map { "repo:mojombo/r\($0)" }
        let failure = ToolFailure(notFound, request: .select(rowId: "repo:x"), top: Self.top, rowIds: ids)
        #expect(failure.message.hasPrefix("No row 'repo:x' on mojombo's repositories (s2). Its rows: repo:mojombo/r0, repo:mojombo/r1, "))
        #expect(failure.message.contains("repo:mojombo/r39 and 5 more. Read further with rows"))
        let late = ToolFailure(notFound, request: .select(rowId: "repo:mojombo/r44"), top: Self.top, rowIds: ids)
        #expect(late.message == "Row 'repo:mojombo/r44' on mojombo's repositories (s2) had not been read yet; it has been now: call select with it again.")
    }

    @Test func navhostsRefusalsGainWhatToDoNext() {
        let path = Self.rpc(RPCErrorCode.invalidParams, "invalid path 'x': paths look like users[/LOGIN]", ["grammar": "users[/LOGIN]"])
        #expect(ToolFailure(path, request: .open(path: "x")).message == #"invalid path 'x': paths look like users[/LOGIN]. Example: {"path": "users/mojombo/repositories/chronic"}"#)
        let kind = Self.rpc(RPCErrorCode.invalidParams, "unknown screen kind 'gists'")
        let catalog = [ScreenDescriptor(kind: "followers", description: "d", params: ["login": ParamSpec(.string, required: true)]),
                       ScreenDescriptor(kind: "users", description: "d", params: ["query": ParamSpec(.string)])]
        #expect(ToolFailure(kind, request: .push(kind: "gists", params: nil), kinds: catalog).message
            == "unknown screen kind 'gists'. Kinds and their params: followers {login}; users {query?}")
        let root = Self.rpc(RPCErrorCode.invalidNavigation, "cannot pop the root screen")
        #expect(ToolFailure(root, request: .back).message.hasSuffix("open a deep link, select a row or push a screen first."))
        let limited = Self.rpc(RPCErrorCode.dataUnavailable, "GitHub refused: rate limit exceeded", ["kind": "rateLimited", "rateLimitReset": "2026-11-28T19:00:00Z"])
        #expect(ToolFailure(limited, request: .stack).message
            == "GitHub refused: rate limit exceeded. GitHub's rate limit is spent (it resets at 2026-11-28T19:00:00Z): wait for it, or start the server with GITHUB_TOKEN set.")
        let flaky = Self.rpc(RPCErrorCode.dataUnavailable, "GitHub answered 502", ["transient": true])
        #expect(ToolFailure(flaky, request: .stack).message == "GitHub answered 502. This may pass: try the same call again in a moment.")
        #expect(ToolFailure(.disconnected("x"), request: .stack).message.hasSuffix("restart the NavShell MCP server."))
    }
}
