import Glibc
import NavProtocol
import Testing
import Transport
import UVKit

/// Junk before a client's first message is answered in the framing the client turns out to
/// speak, when its first message came with the junk: a Content-Length client cannot read a
/// bare JSON line where it expects a header.
@Suite struct FramingDetectionTests {
    /// A connection that detects its framing, answering every request "pong".
    private func answeringPair() throws -> ConnectionPair {
        let pair = try ConnectionPair(rawRight: true)
        pair.left.onRequest = { _, responder in responder.succeed("pong") }
        return pair
    }

    /// Writes `input` as the peer and returns the connection's messages, framed as `framing`,
    /// once `count` have arrived; any framing error in its output fails the test.
    private func messages(_ pair: ConnectionPair, after input: String, count: Int, framing: Framing) -> [JSONValue] {
        _ = Array(input.utf8).withUnsafeBytes { write(pair.rightFD, $0.baseAddress, $0.count) }
        var framer = MessageFramer(framing: framing)
        var replies: [JSONValue] = []
        let reader = try? UVPipe(loop: pair.loop, fileDescriptor: dup(pair.rightFD))
        reader?.onRead = { chunk in
            framer.append(chunk)
            while let event = framer.nextEvent() {
                guard case .message(let body) = event else {
                    Issue.record("the answer is not framed as \(framing): \(event)")
                    continue
                }
                if let value = try? JSONValue(parsing: body) { replies.append(value) }
            }
        }
        try? reader?.startReading()
        _ = pair.loop.run(seconds: 5) { replies.count >= count }
        reader?.close()
        return replies
    }

    @Test func junkBeforeAContentLengthMessageIsAnsweredInContentLengthFraming() throws {
        let pair = try answeringPair()
        let request = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        let replies = messages(
            pair, after: "hello navhost\r\nContent-Length: \(request.utf8.count)\r\n\r\n\(request)", count: 2, framing: .contentLength)
        #expect(replies.count == 2)
        #expect(replies.first?["id"] == .null)
        #expect(replies.first?["error"]?["code"] == .int(RPCErrorCode.parseError))
        #expect(replies.last?["id"] == .int(1))
        #expect(replies.last?["result"] == .string("pong"))
        #expect(pair.left.framing == .contentLength)
    }

    @Test func junkAloneIsAnsweredNewlineDelimitedAndDetectionGoesOn() throws {
        let pair = try answeringPair()
        let junk = messages(pair, after: "hello navhost\n", count: 1, framing: .newlineDelimited)
        #expect(junk.first?["error"]?["code"] == .int(RPCErrorCode.parseError))
        #expect(pair.left.framing == nil)
        // The client's first message, later, still decides the framing.
        let request = #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#
        let replies = messages(pair, after: "Content-Length: \(request.utf8.count)\r\n\r\n\(request)", count: 1, framing: .contentLength)
        #expect(replies.first?["result"] == .string("pong"))
        #expect(pair.left.framing == .contentLength)
    }
}
