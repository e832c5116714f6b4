import Testing
import NavProtocol

/// However a stream is cut into chunks, the framer must produce the same events.
@Suite struct MessageFramerSplitTests {
    static let bodies = [#"{"jsonrpc":"2.0","method":"a","id":1}"#, "[1,2]", #"{"s":"é😀\\n"}"#].map(bytes)

    static func stream(_ framing: Framing) -> [UInt8] {
        var stream: [UInt8] = []
        for body in bodies { framing.frame(into: &stream, body: body) }
        return stream
    }

    static let expected: [FramerEvent] = bodies.map { .message($0) }

    /// The split points (0...count) at which cutting `stream` in two changes the events, or
    /// leaves bytes buffered.
    static func splitsThatDiffer(_ stream: [UInt8], from expected: [FramerEvent]) -> [Int] {
        (0...stream.count).filter { split in
            var framer = MessageFramer()
            framer.append(Array(stream[..<split]))
            var events = framer.drain()
            framer.append(Array(stream[split...]))
            events += framer.drain()
            return events != expected || framer.bufferedByteCount != 0
        }
    }

    @Test(arguments: [Framing.contentLength, .newlineDelimited])
    func oneByteAtATime(_ framing: Framing) {
        var framer = MessageFramer()
        var events: [FramerEvent] = []
        for byte in Self.stream(framing) {
            framer.append([byte])
            events += framer.drain()
        }
        #expect(events == Self.expected)
        #expect(framer.framing == framing)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test(arguments: [Framing.contentLength, .newlineDelimited])
    func everyTwoChunkSplit(_ framing: Framing) {
        #expect(Self.splitsThatDiffer(Self.stream(framing), from: Self.expected).isEmpty)
    }

    @Test(arguments: [Framing.contentLength, .newlineDelimited])
    func appendsWithoutDrainingInBetween(_ framing: Framing) {
        let stream = Self.stream(framing)
        var framer = MessageFramer()
        for byte in stream { framer.append([byte]) }
        #expect(framer.bufferedByteCount == Self.bodies.reduce(0) { $0 + $1.count })
        #expect(framer.drain() == Self.expected)
    }

    @Test func malformedHeaderRecoveryDoesNotDependOnChunking() {
        let stream = bytes("Content-Length: x\r\n\r\n{\"lost\":1}Content-Length: 2\r\n\r\n{}")
        let expected: [FramerEvent] = [.malformedHeader("invalid Content-Length value 'x'"), .message(bytes("{}"))]
        #expect(Self.splitsThatDiffer(stream, from: expected).isEmpty)
    }

    @Test func emptyAppendsChangeNothing() {
        var framer = MessageFramer()
        framer.append([])
        framer.append(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(framer.framing == nil)
        #expect(framer.nextEvent() == nil)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func rawBufferAppendBehavesLikeArrayAppend() {
        let stream = Self.stream(.contentLength)
        var framer = MessageFramer()
        stream.withUnsafeBytes { framer.append($0) }
        #expect(framer.drain() == Self.expected)
    }
}
