import Glibc
import NavClient
import NavProtocol
import Testing

/// What real JSON-RPC clients send, and a session's lifecycle, through the real navhost.
@Suite struct ClientInteropTests {
    /// One rule for every method: `"params": null`, `{}` and `[]` all mean "no params" (Emacs's
    /// jsonrpc.el, pygls, jsonrpc-glib and Go's jsonrpc2 send null); a non-empty array is refused
    /// with -32602. A client sending null can finish its session with shutdown and exit.
    @Test func nullParamsAnEmptyObjectAndAnEmptyArrayMeanNoParamsForEveryMethod() throws {
        let host = try HostUnderTest()
        host.client.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": .null])
        let initialized = try host.client.nextReply()
        let listed = initialized["result"]?["capabilities"]?["methods"]?.arrayValue?.compactMap { $0.stringValue }
        let methods = try #require(listed)
        host.noteWorkers()
        var id = 100
        for method in methods where ![InitializeRequest.method, ShutdownRequest.method].contains(method) {
            var outcomes: [String] = []
            for params: JSONValue in [.null, [:], []] {
                id += 1
                host.client.send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
                let reply = try host.client.nextReply(timeout: 30)
                #expect(reply["id"] == .int(id))
                #expect(reply["error"]?["code"] != .int(RPCErrorCode.invalidRequest), "\(method) with \(params.serialized()): \(reply)")
                outcomes.append(reply["error"]?["code"].map { "error \($0.serialized())" } ?? "result")
            }
            #expect(Set(outcomes).count == 1, "\(method) answered null, {} and [] differently: \(outcomes)")
            id += 1
            host.client.send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": [1]])
            #expect(try host.client.nextReply(timeout: 30)["error"]?["code"] == .int(RPCErrorCode.invalidParams), "\(method) with [1]")
        }
        host.client.send(["jsonrpc": "2.0", "id": "bye", "method": "shutdown", "params": .null])
        #expect(try host.client.nextReply()["result"] == .null)
        host.client.send(["jsonrpc": "2.0", "method": "exit", "params": .null])
        #expect(try host.client.waitForExit().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// Notifications a well-behaved client sends get no answer at all (an error with a null id
    /// makes some clients close the connection), and navhost goes on.
    @Test func notificationsOfRealClientsGetNoAnswer() throws {
        let host = try HostUnderTest()
        try host.initialize()
        for (method, params) in [("initialized", JSONValue.object([:])), ("$/cancelRequest", .null), ("$/setTrace", .null), ("$/cancelRequest", ["id": 99])] {
            host.client.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }
        host.client.send(["jsonrpc": "2.0", "id": "after", "method": "nav/stack"])
        let reply = try host.client.nextReply()
        #expect(reply["id"] == "after", "the first reply is nav/stack's, not an error for a notification: \(reply)")
        #expect(try host.shutdown().exitCode == 0)
    }

    /// A message refused before any handler ran (invalid request, bad framing) is logged at
    /// warning level with its reason.
    @Test func refusedMessagesAreLoggedWithTheirReason() throws {
        let host = try HostUnderTest()
        try host.initialize()
        host.client.send(["jsonrpc": "1.0", "id": 4, "method": "nav/stack"])
        #expect(try host.client.nextReply()["error"]?["code"] == .int(RPCErrorCode.invalidRequest))
        host.client.sendRaw(Array("{not json}\n".utf8))
        #expect(try host.client.nextReply()["error"]?["code"] == .int(RPCErrorCode.parseError))
        #expect(try host.shutdown().exitCode == 0)
        #expect(host.client.stderrText.contains("refused client input: the 'jsonrpc' member must be \"2.0\""), "\(host.client.stderrText)")
        #expect(host.client.stderrText.contains("refused client input: invalid JSON"), "\(host.client.stderrText)")
    }

    /// A refused `initialize` (a wrongly typed param) leaves the session uninitialized: the
    /// client can correct itself and initialize.
    @Test func aRefusedInitializeLeavesTheSessionUninitialized() throws {
        let host = try HostUnderTest()
        #expect(host.expectError(InitializeRequest.method, ["processId": "1234"])?.code == RPCErrorCode.invalidParams)
        #expect(host.expectError(InitializeRequest.method, ["processId": .int(1 << 40)])?.code == RPCErrorCode.invalidParams)
        #expect(host.expectError(StackRequest.method)?.code == RPCErrorCode.serverNotInitialized)
        let stack = try host.initialize().stack
        #expect(stack.map(\.kind) == ["users"])
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// SIGTERM while the client is not reading navhost's output: navhost gives the client a
    /// bounded time to read, ends every worker and exits.
    @Test func aSignalEndsNavhostWhileTheClientIsNotReading() throws {
        let host = try HostUnderTest()
        try host.initialize()
        host.noteWorkers()
        host.client.pauseReading()
        // Far more than the pipe holds: navhost has answers it cannot write.
        for index in 0..<60 {
            host.client.send(["jsonrpc": "2.0", "id": .int(index), "method": "screen/rows", "params": ["offset": 0, "limit": 1000]])
        }
        // The client stays away for a second: the test's condition, not a wait for a result.
        host.client.pump(seconds: 1) { false }
        host.client.signal(SIGTERM)
        let status = try host.client.waitForExit(timeout: 20)
        #expect(status.exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
