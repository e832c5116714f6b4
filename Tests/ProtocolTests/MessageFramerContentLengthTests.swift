import Testing
import NavProtocol

@Suite struct MessageFramerContentLengthTests {
    @Test func readsOneMessage() {
        var framer = MessageFramer(framing: .contentLength)
        framer.append(bytes("Content-Length: 7\r\n\r\n{\"a\":1}"))
        #expect(framer.drain() == [.message(bytes(#"{"a":1}"#))])
    }

    @Test func waitsForTheWholeBody() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 5\r\n\r\n[1,"))
        #expect(framer.nextEvent() == nil)
        #expect(framer.bufferedByteCount == 3)
        framer.append(bytes("2]"))
        #expect(framer.drain() == [.message(bytes("[1,2]"))])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func readsSeveralMessagesFromOneChunk() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 2\r\n\r\n{}Content-Length: 2\r\n\r\n[]Content-Length: 1\r\n\r\n1"))
        #expect(framer.drain() == [.message(bytes("{}")), .message(bytes("[]")), .message(bytes("1"))])
    }

    @Test func detectsContentLengthFramingFromAContentHeader() {
        var framer = MessageFramer()
        #expect(framer.framing == nil)
        framer.append(bytes(" \r\n\tcontent-length: 2\r\n\r\n{}"))
        #expect(framer.framing == .contentLength)
        #expect(framer.drain() == [.message(bytes("{}"))])
        var typed = MessageFramer()
        typed.append(bytes("CONTENT-"))
        #expect(typed.framing == .contentLength)
        var partial = MessageFramer()
        partial.append(bytes("Conten"))
        #expect(partial.framing == nil, "decided only once the header name is in")
    }

    @Test func headerNamesAreCaseInsensitiveAndOtherHeadersIgnored() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:   2  \r\nX-Other: 1\r\n\r\n{}"))
        #expect(framer.drain() == [.message(bytes("{}"))])
    }

    @Test func acceptsBareNewlinesAndBlankLinesBetweenMessages() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 2\n\n{}\r\n\nContent-Length: 2\r\n\r\n[]"))
        #expect(framer.drain() == [.message(bytes("{}")), .message(bytes("[]"))])
    }

    @Test func deliversAnEmptyBody() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.message([]), .message(bytes("{}"))])
    }

    @Test func reportsAMissingLengthAndResynchronises() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.malformedHeader("missing Content-Length header"), .message(bytes("{}"))])
    }

    @Test func reportsANonNumericLengthSkipsItsBodyAndResynchronises() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: abc\r\n\r\n{\"lost\":true}Content-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.malformedHeader("invalid Content-Length value 'abc'"), .message(bytes("{}"))])
    }

    @Test func reportsOtherMalformedHeaders() {
        var framer = MessageFramer(framing: .contentLength)
        framer.append(bytes("garbage line\r\n\r\n"))
        framer.append(bytes("Content-Length: -1\r\n\r\n"))
        framer.append(bytes("Content-Length: 2\r\nContent-Length: 3\r\n\r\n"))
        framer.append(bytes("Content-Length: 99999999999999999999\r\n\r\n"))
        framer.append(bytes("Content-Length: 2\r\n\r\n[]"))
        #expect(
            framer.drain() == [
                .malformedHeader("header line without ':': 'garbage line'"),
                .malformedHeader("invalid Content-Length value '-1'"),
                .malformedHeader("conflicting Content-Length headers"),
                .malformedHeader("invalid Content-Length value '99999999999999999999'"),
                .message(bytes("[]")),
            ])
    }

    @Test func reportsAnOverlongHeaderBlockAndRecovers() {
        var framer = MessageFramer(framing: .contentLength)
        framer.append(bytes("X-Junk: " + String(repeating: "a", count: 9000)))
        #expect(framer.drain() == [.malformedHeader("header block longer than 8192 bytes")])
        #expect(framer.bufferedByteCount < 64)
        framer.append(bytes(String(repeating: "b", count: 20_000) + "\r\n\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.message(bytes("{}"))])
    }

    @Test func skipsAnOversizedBodyAndDeliversTheNextMessage() {
        var framer = MessageFramer(maxMessageBytes: 8)
        framer.append(bytes("Content-Length: 10\r\n\r\n0123456789Content-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.oversized(byteCount: 10), .message(bytes("{}"))])
    }

    @Test func acceptsAMessageOfExactlyTheLimit() {
        var framer = MessageFramer(maxMessageBytes: 2)
        framer.append(bytes("Content-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.message(bytes("{}"))])
    }
}
