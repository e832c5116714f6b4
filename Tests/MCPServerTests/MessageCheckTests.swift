import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct MessageCheckTests {
    static func check(_ line: String) -> MessageCheck.Verdict { MessageCheck.check(Array(line.utf8)) }

    static func refusal(_ line: String) -> (id: JSONValue?, code: Int?, message: String)? {
        guard case .refuse(let reply) = check(line) else { return nil }
        return (reply["id"], reply["error"]?["code"]?.intValue, reply["error"]?["message"]?.stringValue ?? "")
    }

    @Test func wellFormedMessagesPass() {
        #expect(Self.check(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#) == .pass(RPCRequest(id: .number(1), method: "tools/list")))
        #expect(Self.check(#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":null}"#) == .pass(RPCRequest(id: .string("a"), method: "tools/list")))
        #expect(Self.check(#"{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}"#) == .pass(nil))
        #expect(Self.check(#"{"jsonrpc":"2.0","id":4,"result":{}}"#) == .pass(nil))
        #expect(Self.check("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r") == .pass(RPCRequest(id: .number(1), method: "ping")))
        #expect(Self.check("  \r") == .skip)
        // A notification is never answered, even when MCP cannot carry it.
        #expect(Self.check(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":[4]}"#) == .skip)
    }

    @Test func whatIsNotJSONRPCIsRefusedUnderTheIdWhenItCanBeRead() {
        let notJSON = Self.refusal("{oops")
        #expect(notJSON?.id == .null && notJSON?.code == -32700)
        let batch = Self.refusal(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        #expect(batch?.id == .null && batch?.message == "batches are not part of MCP since 2025-06-18; send one message per line")
        #expect(Self.refusal("42")?.code == -32600)
        let oldVersion = Self.refusal(#"{"jsonrpc":"1.0","id":7,"method":"x"}"#)
        #expect(oldVersion?.id == .int(7) && oldVersion?.code == -32600)
        #expect(Self.refusal(#"{"jsonrpc":"2.0","id":null,"method":"x"}"#)?.id == .null)
        #expect(Self.refusal(#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#)?.id == .null)
        #expect(Self.refusal(#"{"jsonrpc":"2.0","id":2,"method":3}"#)?.id == .int(2))
        let arrayParams = Self.refusal(#"{"jsonrpc":"2.0","id":2,"method":"x","params":[1]}"#)
        #expect(arrayParams?.id == .int(2) && arrayParams?.message == "MCP params must be an object")
        #expect(Self.refusal(#"{"jsonrpc":"2.0","id":2,"method":"x","params":"p"}"#)?.code == -32600)
        #expect(Self.refusal(#"{"jsonrpc":"2.0"}"#)?.code == -32600)
        #expect(Self.refusal(#"{"jsonrpc":"2.0","id":3,"result":1,"error":{}}"#)?.id == .int(3))
    }

    @Test func aLineTooLongIsAnsweredUnderNoId() {
        #expect(MessageCheck.reply(code: -32600, "too long") == .object(["jsonrpc": "2.0", "id": .null, "error": .object(["code": .int(-32600), "message": "too long"])]))
    }

    @Test func protocolVersionsAreNegotiated() {
        #expect(NavShellServer.negotiate("2025-11-25") == "2025-11-25")
        #expect(NavShellServer.negotiate("2025-06-18") == "2025-06-18")
        #expect(NavShellServer.negotiate("2025-03-26") == "2025-03-26")
        #expect(NavShellServer.negotiate("2024-11-05") == "2025-11-25")
        #expect(NavShellServer.negotiate("") == "2025-11-25")
    }
}

@Suite struct ResourceCatalogTests {
    @Test func urisLeadToDeepLinksOrScreensOfTheStack() {
        #expect(ResourceCatalog.target("navshell://users/mojombo/repositories/chronic") == .path("users/mojombo/repositories/chronic"))
        #expect(ResourceCatalog.target("navshell://stack/s3") == .stackScreen("s3"))
        #expect(ResourceCatalog.target("navshell://stack/") == nil)
        #expect(ResourceCatalog.target("navshell://") == nil)
        #expect(ResourceCatalog.target("https://github.com") == nil)
    }

    @Test func theTemplatesAreTheFormsOfTheDeepLinkGrammar() {
        let grammar = "users[/LOGIN[/starred|/repositories[/REPOSITORY[/readme|/issues[/N]|/pulls[/N]]]]]"
        #expect(DeepLinkForms.expand(grammar).map(DeepLinkForms.uriTemplate) == [
            "users", "users/{login}", "users/{login}/starred", "users/{login}/repositories", "users/{login}/repositories/{repository}",
            "users/{login}/repositories/{repository}/readme", "users/{login}/repositories/{repository}/issues",
            "users/{login}/repositories/{repository}/issues/{n}", "users/{login}/repositories/{repository}/pulls",
            "users/{login}/repositories/{repository}/pulls/{n}",
        ])
        // A form the grammar gains is a template, with no change here.
        #expect(DeepLinkForms.expand("users[/LOGIN[/gists[/ID]]]") == ["users", "users/LOGIN", "users/LOGIN/gists", "users/LOGIN/gists/ID"])
        let templates = ResourceCatalog.templates(grammar: grammar).map(\.uriTemplate)
        #expect(templates.first == "navshell://users" && templates.last == "navshell://stack/{screen}" && templates.count == 11)
        // A root that answers no grammar (a plugin's) still has its stack's screens.
        #expect(ResourceCatalog.templates(grammar: nil).map(\.uriTemplate) == ["navshell://stack/{screen}"])
    }

    @Test func theStackIsListedByScreenId() {
        let screen = Screen(id: "s4", kind: "followers", title: "mojombo's followers", params: ["login": "mojombo"])
        #expect(ResourceCatalog.listing([screen]).map(\.uri) == ["navshell://stack/s4"])
    }
}
