import Testing
import NavProtocol

@Suite struct MessageFramerOversizeTests {
    @Test func skipsA64MiBBodyWithoutBufferingIt() {
        let bodyLength = 64 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        var framer = MessageFramer()  // default limit: 16 MiB
        var events: [FramerEvent] = []
        var largestBuffer = 0

        framer.append(bytes("Content-Length: \(bodyLength)\r\n\r\n"))
        events += framer.drain()
        var remaining = bodyLength
        while remaining > 0 {
            let count = min(remaining, chunk.count)
            framer.append(count == chunk.count ? chunk : Array(chunk[..<count]))
            remaining -= count
            events += framer.drain()
            largestBuffer = max(largestBuffer, framer.bufferedByteCount)
        }
        framer.append(bytes("Content-Length: 2\r\n\r\n{}"))
        events += framer.drain()

        #expect(largestBuffer < 1 << 20)
        #expect(events == [.oversized(byteCount: bodyLength), .message(bytes("{}"))])
    }

    @Test func skipsAnOversizedBodyThatArrivesWithItsHeader() {
        var framer = MessageFramer(maxMessageBytes: 1024)
        let body = [UInt8](repeating: 0x41, count: 5000)
        framer.append(bytes("Content-Length: 5000\r\n\r\n") + body.prefix(3000))
        #expect(framer.drain() == [.oversized(byteCount: 5000)])
        // Skipping resynchronises: all it keeps is a tail that could start "Content-Length:".
        #expect(framer.bufferedByteCount < "Content-Length:".utf8.count)
        framer.append(Array(body.suffix(2000)) + bytes("Content-Length: 2\r\n\r\n{}"))
        #expect(framer.drain() == [.message(bytes("{}"))])
    }

    @Test func skipsAnOversizedLineStreamedInChunks() {
        var framer = MessageFramer(maxMessageBytes: 1 << 20)
        var events: [FramerEvent] = []
        var largestBuffer = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "7"), count: 64 << 10)
        framer.append(bytes("[1,"))
        for _ in 0..<64 {
            framer.append(chunk)
            events += framer.drain()
            largestBuffer = max(largestBuffer, framer.bufferedByteCount)
        }
        framer.append(bytes("]\n[2]\n"))
        events += framer.drain()
        #expect(largestBuffer <= (1 << 20) + chunk.count)
        #expect(events == [.oversized(byteCount: 3 + 16 * chunk.count), .message(bytes("[2]"))])
    }
}
