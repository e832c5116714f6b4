import Testing
import NavProtocol

@Suite struct MessageFramerNewlineTests {
    @Test(arguments: ["{", "[", " {", "\n\r\t [", "\n\n{"])
    func detectsNewlineFramingFromTheFirstNonWhitespaceByte(_ prefix: String) {
        var framer = MessageFramer()
        framer.append(bytes(prefix))
        #expect(framer.framing == .newlineDelimited)
        #expect(framer.nextEvent() == nil)
    }

    @Test func doesNotDetectFromWhitespaceAlone() {
        var framer = MessageFramer()
        framer.append(bytes(" \r\n\t"))
        #expect(framer.framing == nil)
        #expect(framer.drain().isEmpty)
    }

    @Test func splitsLinesStrippingCarriageReturns() {
        var framer = MessageFramer()
        framer.append(bytes("{\"a\":1}\n[2]\r\n{}\n"))
        #expect(framer.drain() == [.message(bytes(#"{"a":1}"#)), .message(bytes("[2]")), .message(bytes("{}"))])
    }

    @Test func skipsBlankLines() {
        var framer = MessageFramer(framing: .newlineDelimited)
        framer.append(bytes("\n\r\n  \t \n{}\n\n"))
        #expect(framer.drain() == [.message(bytes("{}"))])
    }

    @Test func waitsForTheNewline() {
        var framer = MessageFramer()
        framer.append(bytes("{\"partial\":"))
        #expect(framer.nextEvent() == nil)
        framer.append(bytes("true}"))
        #expect(framer.nextEvent() == nil)
        framer.append(bytes("\n"))
        #expect(framer.drain() == [.message(bytes(#"{"partial":true}"#))])
    }

    @Test func reportsAnOverlongCompleteLineAndContinues() {
        var framer = MessageFramer(maxMessageBytes: 4)
        framer.append(bytes("[1,2,3]\n[1]\n"))
        #expect(framer.drain() == [.oversized(byteCount: 7), .message(bytes("[1]"))])
    }

    @Test func reportsAGrowingLineOnceAndDiscardsItUntilTheNewline() {
        var framer = MessageFramer(maxMessageBytes: 10)
        framer.append(bytes("[\"aaaa"))
        #expect(framer.drain().isEmpty)
        framer.append(bytes("aaaaaaa"))
        #expect(framer.drain() == [.oversized(byteCount: 13)])
        #expect(framer.bufferedByteCount == 0)
        for _ in 0..<100 {
            framer.append(bytes("bbbbbbbbbbbbbbbbbbbb"))
            #expect(framer.bufferedByteCount == 0)
        }
        framer.append(bytes("\"]\n[1]\n"))
        #expect(framer.drain() == [.message(bytes("[1]"))])
    }

    @Test func handlesAStreamOfManySmallMessagesInLinearTime() {
        // 200k messages in one buffer: quadratic buffering would take minutes, not milliseconds.
        let line = bytes(#"{"jsonrpc":"2.0","method":"tick"}"#)
        var stream: [UInt8] = []
        for _ in 0..<200_000 { Framing.newlineDelimited.frame(into: &stream, body: line) }
        var framer = MessageFramer()
        var count = 0
        var unexpected = 0
        var offset = 0
        while offset < stream.count {
            let end = min(offset + 4096, stream.count)
            framer.append(Array(stream[offset..<end]))
            offset = end
            while let event = framer.nextEvent() {
                if event != .message(line) { unexpected += 1 }
                count += 1
            }
        }
        #expect(count == 200_000)
        #expect(unexpected == 0)
        #expect(framer.bufferedByteCount == 0)
    }
}
