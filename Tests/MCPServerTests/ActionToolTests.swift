import NavClient
import NavProtocol
import Testing

@testable import NavShellMCP

/// The actions and perform tools through the built server, on the snapshot with a local state
/// of the test's own.
@Suite struct ActionToolTests {
    static let issue = "users/mojombo/repositories/chronic/issues/1"

    @Test func aReadOnlySessionListsNoPerform() throws {
        let names = try MCPProcess(["--read-only"]).tools().compactMap { $0["name"]?.stringValue }
        #expect(names.contains("actions") && !names.contains("perform"))
        let all = try MCPProcess().tools()
        let perform = try #require(all.first { $0["name"] == "perform" })
        #expect(perform["annotations"] == ["readOnlyHint": false, "destructiveHint": true, "idempotentHint": false])
        #expect(all.first { $0["name"] == "actions" }?["annotations"]?["readOnlyHint"] == true)
    }

    @Test func aStarIsPerformedAndShowsInTheRow() throws {
        let server = try MCPProcess()
        _ = try server.call("open", ["path": "users/mojombo/repositories"])
        let listed = try server.call("actions", ["rowIds": ["repo:mojombo/chronic"]])
        #expect(listed["structuredContent"]?["actions"]?.arrayValue?.first?["id"] == "star")
        #expect(listed["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("- star: Star [s] idempotent") == true)
        let done = try server.call("perform", ["rowIds": ["repo:mojombo/chronic"], "action": "star"])
        #expect(done["structuredContent"]?["status"] == "done")
        let rows = try server.call("rows", ["limit": 100])["structuredContent"]?["rows"]?.arrayValue ?? []
        #expect(rows.first { $0["id"] == "repo:mojombo/chronic" }?["values"]?["starred"] == true)
    }

    @Test func withoutElicitationTheFieldsAndTheTokenAreAnswered() throws {
        let server = try MCPProcess()
        _ = try server.call("open", ["path": .string(Self.issue)])
        let needed = try server.call("perform", ["action": "comment"])
        #expect(needed["structuredContent"]?["status"] == "inputRequired")
        #expect(needed["isError"] == nil)
        let asked = try server.call("perform", ["action": "close", "input": ["reason": "not_planned"]])
        let token = try #require(asked["structuredContent"]?["confirm"]?.stringValue)
        #expect(asked["content"]?.arrayValue?.first?["text"]?.stringValue?.contains(token) == true)
        let closed = try server.call("perform", ["action": "close", "input": ["reason": "not_planned"], "confirm": .string(token)])
        #expect(closed["structuredContent"]?["status"] == "done")
        let rows = try server.call("rows")["structuredContent"]?["rows"]?.arrayValue ?? []
        #expect(rows.first { $0["id"] == "about:state" }?["values"] == ["state": "closed", "stateReason": "not_planned"])
    }

    @Test func aDeclinedConfirmationChangesNothing() throws {
        let server = try MCPProcess(capabilities: ["elicitation": .object([:])])
        _ = try server.call("open", ["path": .string(Self.issue)])
        server.client.send(["jsonrpc": "2.0", "id": "close", "method": "tools/call", "params": ["name": "perform", "arguments": ["action": "close"]]])
        let question = try server.client.nextMessage(timeout: 30)
        #expect(question["method"] == "elicitation/create")
        #expect(question["params"]?["requestedSchema"]?["properties"]?["confirm"]?["type"] == "boolean")
        server.client.send(["jsonrpc": "2.0", "id": question["id"] ?? .null, "result": ["action": "decline"]])
        let answer = try server.client.nextReply(timeout: 30)
        #expect(answer["id"] == "close" && answer["result"]?["structuredContent"]?["status"] == "declined")
        let rows = try server.call("rows")["structuredContent"]?["rows"]?.arrayValue ?? []
        #expect(rows.first { $0["id"] == "about:state" }?["values"]?["state"] == "open")
    }

    /// The user answers while the stack changes (the agent pushed another issue): the
    /// confirmation goes to the screen that asked, never to the new top.
    @Test func aConfirmationGoesToTheScreenThatAskedForIt() throws {
        let server = try MCPProcess(capabilities: ["elicitation": .object([:])])
        _ = try server.call("open", ["path": .string(Self.issue)])
        server.client.send([
            "jsonrpc": "2.0", "id": "close", "method": "tools/call",
            "params": ["name": "perform", "arguments": ["action": "close", "input": ["reason": "not_planned"]]],
        ])
        let question = try server.client.nextMessage(timeout: 30)
        #expect(question["method"] == "elicitation/create")
        let pushed = try server.call("push", ["kind": "issue", "params": ["owner": "mojombo", "name": "chronic", "number": 38]])
        #expect(pushed["structuredContent"]?["screen"]?["title"] == "mojombo/chronic#38")
        server.client.send(["jsonrpc": "2.0", "id": question["id"] ?? .null, "result": ["action": "accept", "content": ["confirm": true]]])
        let answer = try server.client.nextReply(timeout: 30)
        #expect(answer["id"] == "close" && answer["result"]?["structuredContent"]?["status"] == "done", "\(answer)")
        let top = try server.call("rows")["structuredContent"]?["rows"]?.arrayValue ?? []
        #expect(top.first { $0["id"] == "about:state" }?["values"]?["state"] == "open")
        _ = try server.call("back")
        let asked = try server.call("rows")["structuredContent"]?["rows"]?.arrayValue ?? []
        #expect(asked.first { $0["id"] == "about:state" }?["values"] == ["state": "closed", "stateReason": "not_planned"])
    }

    @Test func performsDescriptionSaysWhetherWritesAreOn() {
        #expect(PerformTool.definition(HostFacts(catalog: [], writes: true)).description?.contains("Writes are on in this session.") == true)
        let off = PerformTool.definition(HostFacts(catalog: [], writes: false)).description ?? ""
        #expect(off.contains("Writes are off in this session") && off.contains("(writesDisabled)"), "\(off)")
    }

    @Test func anActionsFieldsAreOneFlatForm() {
        let fields = [
            ActionField(name: "body", title: "Comment", type: .text, required: true),
            ActionField(name: "reason", title: "Reason", type: .enum, options: ["completed", "not_planned"], default: "completed"),
        ]
        let form = PerformAnswer.form(fields)
        #expect(form.required == ["body"])
        #expect(form.properties["body"] == ["title": "Comment", "type": "string"])
        #expect(form.properties["reason"] == ["title": "Reason", "type": "string", "enum": ["completed", "not_planned"], "default": "completed"])
    }
}
