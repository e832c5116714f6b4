import Foundation
import Glibc
import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct TransportTests {
    /// What `LineTransport.read` makes of `bytes` written to a pipe by another thread.
    static func routed(_ bytes: [UInt8], relay: ToolCallRelay = ToolCallRelay()) -> [LineTransport.Routing] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return [] }
        let writer = Thread { [ends] in
            _ = FileOutput.write(bytes, to: ends[1])
            close(ends[1])
        }
        writer.start()
        var routings: [LineTransport.Routing] = []
        LineTransport.read(from: ends[0]) { routings.append(LineTransport.route($0, relay: relay)) }
        close(ends[0])
        return routings
    }

    @Test func linesAreFramedAndCheckedBeforeTheSDKSeesThem() throws {
        let input = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n\n   \n{oops\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
        let routings = Self.routed(Array(input.utf8) + [0x0A])
        // Blank lines are no messages; a CR before the newline is not part of one.
        #expect(routings.count == 3)
        #expect(routings[0] == .deliver(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)))
        guard case .reply(let refusal) = routings[1] else { Issue.record("not refused: \(routings[1])"); return }
        #expect(try JSONValue(parsing: refusal)["error"]?["code"] == .int(-32700))
        #expect(routings[2] == .deliver(Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)))
    }

    @Test func aMessageTooLongIsRefusedAndTheNextOneRead() throws {
        let long = Array("{\"x\":\"".utf8) + [UInt8](repeating: 0x61, count: LineTransport.maxMessageBytes) + Array("\"}\n".utf8)
        let routings = Self.routed(long + Array("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n".utf8))
        #expect(routings.count == 2)
        guard case .reply(let refusal) = routings.first else { Issue.record("not refused: \(routings)"); return }
        let error = try JSONValue(parsing: refusal)
        #expect(error["id"] == .null && error["error"]?["code"] == .int(-32600))
        #expect(routings.last == .deliver(Array(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#.utf8)))
    }

    @Test func aToolCallReachesItsHandlerAndItsClientAsItsOwnBytes() throws {
        let relay = ToolCallRelay()
        let url = "data:text/plain;base64,SGVsbG8="
        let call = "{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":{\"text\":\"\(url)\"}}}\n"
        let routings = Self.routed(Array(call.utf8), relay: relay)
        guard case .deliver(let toSDK)? = routings.first else { Issue.record("not delivered: \(routings)"); return }
        let delivered = try JSONValue(parsing: toSDK)
        #expect(delivered["id"] == "c1" && delivered["method"] == "tools/call" && delivered["params"] == ["navshellCall": 1])
        // The handler gets the params as they came, once.
        let taken = try relay.take(.object(["navshellCall": .int(1)]))
        #expect(taken.params["arguments"]?["text"] == .string(url))
        #expect(throws: (any Error).self) { try relay.take(.object(["navshellCall": .int(1)])) }
        // Its answer replaces the SDK's ticket; other messages pass as they are.
        _ = relay.answer(1, result: ["content": [["type": "text", "text": .string(url)]]])
        let fromSDK = Data(#"{"id":"c1","jsonrpc":"2.0","result":{"navshellCall":1}}"#.utf8)
        let written = relay.outbound(fromSDK) ?? []
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":"c1","jsonrpc":"2.0","result":{"content":[{"text":"data:text/plain;base64,SGVsbG8=","type":"text"}]}}"#)
        let other = Data(#"{"id":3,"jsonrpc":"2.0","result":{}}"#.utf8)
        #expect(relay.outbound(other) == nil)
    }

    @Test func aCallWithALongIdGetsItsAnswerNotItsTicket() throws {
        let relay = ToolCallRelay()
        let id = String(repeating: "x", count: 2000)
        _ = relay.answer(1, result: ["content": []])
        let written = relay.outbound(Data(#"{"id":"\#(id)","jsonrpc":"2.0","result":{"navshellCall":1}}"#.utf8)) ?? []
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":"\#(id)","jsonrpc":"2.0","result":{"content":[]}}"#)
    }

    @Test func aToolCallWithALongIdIsAnsweredOverTheWire() throws {
        let server = try MCPProcess()
        let id = String(repeating: "x", count: 1100)
        server.client.send(["jsonrpc": "2.0", "id": .string(id), "method": "tools/call", "params": ["name": "stack", "arguments": [:]]])
        let reply = try server.client.nextReply(timeout: 30)
        #expect(reply["id"] == .string(id))
        #expect(reply["result"]?["structuredContent"]?["stack"] != nil && reply["result"]?["navshellCall"] == nil)
    }

    @Test func paramsNeverTakenAreDroppedOldestFirst() throws {
        let relay = ToolCallRelay()
        for number in 1...(ToolCallRelay.maxKept + 1) {
            _ = relay.inbound(RPCRequest(id: .number(number), method: "tools/call", params: ["name": "stack"]))
        }
        #expect(throws: (any Error).self) { try relay.take(.object(["navshellCall": .int(1)])) }
        #expect(try relay.take(.object(["navshellCall": .int(2)])).params == ["name": "stack"])
    }

    @Test func answersNeverSentAreDroppedOldestFirst() {
        let relay = ToolCallRelay()
        for number in 1...(ToolCallRelay.maxKept + 1) {
            _ = relay.answer(number, result: ["content": []])
        }
        let ticket = { (number: Int) in Data(#"{"id":1,"jsonrpc":"2.0","result":{"navshellCall":\#(number)}}"#.utf8) }
        #expect(relay.outbound(ticket(1)) == nil)
        #expect(String(decoding: relay.outbound(ticket(2)) ?? [], as: UTF8.self) == #"{"id":1,"jsonrpc":"2.0","result":{"content":[]}}"#)
    }
}
