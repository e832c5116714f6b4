import Testing
import NavProtocol

/// Framing errors a real client makes: each is reported at once and the stream resynchronises
/// on the next message start, whatever the chunking.
@Suite struct MessageFramerResyncTests {
    static let next = bytes(#"{"jsonrpc":"2.0","id":2,"method":"nav/stack"}"#)

    static func contentLength(_ body: [UInt8]) -> [UInt8] { Framing.contentLength.frame(body) }

    /// Feeds `stream` split in two at every byte, and one byte at a time, and checks each gives
    /// `expected` and leaves nothing buffered.
    static func expectAtEverySplit(_ stream: [UInt8], _ expected: [FramerEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(MessageFramerSplitTests.splitsThatDiffer(stream, from: expected).isEmpty, sourceLocation: sourceLocation)
        var framer = MessageFramer()
        var events: [FramerEvent] = []
        for byte in stream {
            framer.append([byte])
            events += framer.drain()
        }
        #expect(events == expected, sourceLocation: sourceLocation)
    }

    @Test func aLengthCountedInCharactersLosesOnlyItsOwnMessage() {
        let body = bytes(#"{"jsonrpc":"2.0","id":1,"method":"screen/query","params":{"text":"é"}}"#)
        let characterCount = String(decoding: body, as: UTF8.self).count
        #expect(characterCount == body.count - 1)
        let stream = bytes("Content-Length: \(characterCount)\r\n\r\n") + body + Self.contentLength(Self.next)
        Self.expectAtEverySplit(
            stream,
            [
                .message(Array(body.dropLast())),
                .malformedHeader("unexpected input ('}' where a header should start)"),
                .message(Self.next),
            ])
    }

    @Test func anAbsurdLengthIsReportedAtOnceAndDoesNotSwallowTheStream() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 999999999999999999\r\n\r\n"))
        #expect(framer.drain() == [.oversized(byteCount: 999_999_999_999_999_999)])
        framer.append(bytes(#"{"jsonrpc":"2.0","id":1,"method":"nav/stack"}"#) + Self.contentLength(Self.next))
        #expect(framer.drain() == [.message(Self.next)])
        Self.expectAtEverySplit(
            bytes("Content-Length: 999999999999999999\r\n\r\n{}") + Self.contentLength(Self.next),
            [.oversized(byteCount: 999_999_999_999_999_999), .message(Self.next)])
    }

    @Test func aBodyWithoutTheBlankLineIsReportedWithoutWaitingForMoreInput() {
        var framer = MessageFramer()
        framer.append(bytes("Content-Length: 45\r\n") + Self.next)
        #expect(framer.drain() == [.malformedHeader("header line starting with '{': the header block must end with a blank line")])
        framer.append(Self.contentLength(Self.next))
        #expect(framer.drain() == [.message(Self.next)])
    }

    @Test func aNewlineDelimitedMessageAfterContentLengthFramingIsReported() {
        let first = Self.contentLength(bytes("{}"))
        var framer = MessageFramer()
        framer.append(first + Self.next + bytes("\n"))
        #expect(
            framer.drain() == [
                .message(bytes("{}")), .malformedHeader("a message without a Content-Length header ('{' where a header should start)"),
            ])
        framer.append(Self.contentLength(Self.next))
        #expect(framer.drain() == [.message(Self.next)])
    }

    @Test func aByteOrderMarkBeforeTheFirstMessageIsSkipped() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        Self.expectAtEverySplit(mark + Self.next + bytes("\n[1]\n"), [.message(Self.next), .message(bytes("[1]"))])
        Self.expectAtEverySplit(mark + Self.contentLength(Self.next), [.message(Self.next)])
        var framer = MessageFramer()
        framer.append(mark + Self.next + bytes("\n"))
        #expect(framer.framing == .newlineDelimited)
    }

    @Test func aLineThatIsNotAHeaderDoesNotHideTheContentLengthAfterIt() {
        Self.expectAtEverySplit(
            Self.contentLength(bytes("{}")) + bytes("garbage\r\n") + Self.contentLength(Self.next),
            [.message(bytes("{}")), .malformedHeader("header line without ':': 'garbage'"), .message(Self.next)])
    }

    /// Junk before the first message decides no framing: it is passed on as a message of its
    /// own (the connection answers it as not JSON), and what follows decides. A newline client
    /// whose first line was junk used to be taken for a Content-Length one, and every message
    /// after it was swallowed while the framer looked for a header.
    @Test func junkBeforeTheFirstMessageIsPassedOnAndDecidesNothing() {
        Self.expectAtEverySplit(bytes("x\nhello there\r\n") + Self.next + bytes("\n"), [.message(bytes("x")), .message(bytes("hello there")), .message(Self.next)])
        Self.expectAtEverySplit(bytes("garbage\r\n") + Self.contentLength(Self.next), [.message(bytes("garbage")), .message(Self.next)])
        var newline = MessageFramer()
        newline.append(bytes("x\n") + Self.next + bytes("\n"))
        #expect(newline.framing == .newlineDelimited)
        var headers = MessageFramer()
        headers.append(bytes("x\r\n") + Self.contentLength(Self.next))
        #expect(headers.framing == .contentLength)
    }

    /// Junk longer than any header block, with no end of line yet, is no Content-Length peer's:
    /// the line framing takes it, and it is passed on (or reported as oversized) when it ends.
    @Test func anEndlessJunkLineIsTakenAsNewlineDelimited() {
        var framer = MessageFramer()
        let junk = bytes(String(repeating: "x", count: 9000))
        framer.append(junk)
        #expect(framer.framing == .newlineDelimited)
        framer.append(bytes("\n") + Self.next + bytes("\n"))
        #expect(framer.drain() == [.message(junk), .message(Self.next)])
    }

    @Test func strayBytesBetweenMessagesAreReportedOnce() {
        Self.expectAtEverySplit(
            Self.contentLength(bytes("{}")) + bytes("\u{1}xyz junk ") + Self.contentLength(Self.next),
            [.message(bytes("{}")), .malformedHeader("unexpected input (byte 0x1 where a header should start)"), .message(Self.next)])
    }
}
