import Testing
import NavProtocol

@Suite struct FramingTests {
    @Test func contentLengthPrefixesAHeader() {
        #expect(Framing.contentLength.frame(bytes("{}")) == bytes("Content-Length: 2\r\n\r\n{}"))
        #expect(Framing.contentLength.frame(bytes("é")) == bytes("Content-Length: 2\r\n\r\né"))
    }

    @Test func newlineDelimitedAppendsANewline() {
        #expect(Framing.newlineDelimited.frame(bytes("{}")) == bytes("{}\n"))
    }

    @Test func framesIntoAnExistingBuffer() {
        var buffer: [UInt8] = []
        Framing.newlineDelimited.frame(into: &buffer, body: bytes("[1]"))
        Framing.contentLength.frame(into: &buffer, body: bytes("[2]"))
        #expect(buffer == bytes("[1]\nContent-Length: 3\r\n\r\n[2]"))
    }

    @Test(arguments: [Framing.contentLength, .newlineDelimited])
    func framedMessagesComeBackOut(_ framing: Framing) {
        let bodies = [#"{"a":1}"#, "[]", #"{"text":"line\nbreak é"}"#].map(bytes)
        var stream: [UInt8] = []
        for body in bodies {
            framing.frame(into: &stream, body: JSONValueRoundTrip.reserialize(body))
        }
        var framer = MessageFramer()
        framer.append(stream)
        #expect(framer.framing == framing)
        #expect(framer.drain() == bodies.map { .message(JSONValueRoundTrip.reserialize($0)) })
        #expect(framer.bufferedByteCount == 0)
    }
}

enum JSONValueRoundTrip {
    /// The serializer's form of a JSON text: what real peers put on the wire.
    static func reserialize(_ body: [UInt8]) -> [UInt8] {
        (try? JSONValue(parsing: body))?.serialized() ?? body
    }
}
