import NavClient
import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct ToolArgumentTests {
    static func message(_ name: String, _ arguments: [String: JSONValue], readOnly: Bool = false) -> String? {
        do {
            _ = try ToolCatalog.call(name, arguments, readOnly: readOnly)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func argumentsAreCheckedByName() throws {
        #expect(try ToolCatalog.call("open", ["path": "users"], readOnly: false)?.activity == "opening users")
        #expect(try ToolCatalog.call("rows", ["limit": .int(5), "cursor": .null], readOnly: false)?.activity == "reading rows")
        #expect(try ToolCatalog.call("search", ["text": ""], readOnly: false)?.activity == "searching ''")
        #expect(try ToolCatalog.call("push", ["kind": "followers", "params": .object(["login": "x"])], readOnly: false)?.activity == "pushing followers")
        #expect(try ToolCatalog.call("fly", [:], readOnly: false) == nil)
    }

    @Test func aBadArgumentSaysWhatItShouldBe() {
        #expect(Self.message("open", [:]) == #"open needs the argument path, a string such as "users/mojombo/repositories/chronic": {"path": "users/mojombo/repositories/chronic"}"#)
        #expect(Self.message("select", ["rowId": ""]) == #"select: rowId is empty; give one such as "user:mojombo""#)
        #expect(Self.message("select", ["rowId": .int(3)]) == "select: rowId must be a string, not a number")
        #expect(Self.message("rows", ["limit": .int(0)]) == "rows: limit must be from 1 to 1000, not 0")
        #expect(Self.message("rows", ["limit": .double(1.5)]) == "rows: limit must be a whole number from 1 to 1000, not a number")
        #expect(Self.message("push", ["kind": "users", "params": .array([])]) == #"push: params must be an object such as {"login": "mojombo"}, not an array"#)
        #expect(Self.message("stack", ["b": .null, "a": .int(1)]) == "stack takes no arguments; unknown: a, b")
    }

    @Test func everyToolHasOneDefinitionUnderItsName() {
        let tools = ToolCatalog.list(HostFacts(catalog: []), readOnly: false)
        #expect(tools.map(\.name) == ToolCatalog.all.map { $0.name })
        #expect(Set(tools.map(\.name)).count == tools.count)
    }
}

@Suite struct ToolFailureTests {
    static let top = Screen(id: "s2", kind: "repositories", title: "mojombo's repositories", params: .object(["login": "mojombo"]))
    static let catalog = [
        ScreenDescriptor(kind: "followers", description: "d", params: ["login": ParamSpec(.string, required: true)]),
        ScreenDescriptor(kind: "users", description: "d", params: ["query": ParamSpec(.string)]),
    ]
    /// A context whose session never started: advice that needs no read.
    static let context = ToolContext(
        session: NavSession(name: "unused", executable: "/nonexistent", arguments: []), host: HostFacts(catalog: catalog),
        stop: CallStop(), progress: nil, elicit: nil)

    static func rpc(_ code: Int, _ message: String, _ data: JSONValue? = nil) -> NavClientError {
        .rpc(RPCError(code: code, message: message, data: data))
    }

    @Test func anUnknownRowListsTheRowsThere() {
        let ids = (0..<45).map { "repo:mojombo/r\($0)" }
        let failure = ToolFailure.unknownRow("repo:x", on: Self.top, rowIds: ids, tool: "select")
        #expect(failure.message.hasPrefix("No row 'repo:x' on mojombo's repositories (s2). Its rows: repo:mojombo/r0, repo:mojombo/r1, "))
        #expect(failure.message.contains("repo:mojombo/r39 and 5 more. Read further with rows"))
        let late = ToolFailure.unknownRow("repo:mojombo/r44", on: Self.top, rowIds: ids, tool: "select")
        #expect(late.message == "Row 'repo:mojombo/r44' on mojombo's repositories (s2) had not been read yet; it has been now: call select with it again.")
        // The advice names the tool that was called.
        #expect(ToolFailure.unknownRow("repo:mojombo/r44", on: Self.top, rowIds: ids, tool: "perform").message.hasSuffix("it has been now: call perform with it again."))
        #expect(ToolFailure.unknownRow("repo:x", on: Self.top, rowIds: ids, tool: "actions").message.hasSuffix("then call actions with one of those ids."))
    }

    @Test func navhostsRefusalsGainWhatToDoNext() async {
        let path = Self.rpc(RPCErrorCode.invalidParams, "invalid path 'x': paths look like users[/LOGIN]", ["grammar": "users[/LOGIN]"])
        #expect(await OpenTool.advice(path, "x", Self.context).message == #"invalid path 'x': paths look like users[/LOGIN]. Example: {"path": "users/mojombo/repositories/chronic"}"#)
        let kind = Self.rpc(RPCErrorCode.invalidParams, "unknown screen kind 'gists'")
        #expect(await PushTool.advice(kind, .init(kind: "gists"), Self.context).message
            == "unknown screen kind 'gists'. Kinds and their params: followers {login}; users {query?}")
        let root = Self.rpc(RPCErrorCode.invalidNavigation, "cannot pop the root screen")
        #expect(await BackTool.advice(root, (), Self.context).message.hasSuffix("open a deep link, select a row or push a screen first."))
        let limited = Self.rpc(RPCErrorCode.dataUnavailable, "GitHub refused: rate limit exceeded", ["kind": "rateLimited", "rateLimitReset": "2026-11-28T19:00:00Z"])
        #expect(await StackTool.advice(limited, (), Self.context).message
            == "GitHub refused: rate limit exceeded. GitHub's rate limit is spent (it resets at 2026-11-28T19:00:00Z): wait for it, or start the server with GITHUB_TOKEN set.")
        let flaky = Self.rpc(RPCErrorCode.dataUnavailable, "GitHub answered 502", ["transient": true])
        #expect(ToolFailure(flaky).message == "GitHub answered 502. This may pass: try the same call again in a moment.")
        #expect(ToolFailure(.disconnected("x")).message.hasSuffix("restart the NavShell MCP server."))
    }
}
