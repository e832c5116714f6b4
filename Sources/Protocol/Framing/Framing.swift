/// How messages are delimited on a byte stream.
public enum Framing: Sendable, Equatable {
    /// LSP base protocol: `Content-Length: N\r\n\r\n` followed by exactly N bytes.
    case contentLength
    /// One message per line. Safe for our JSON because the serializer never emits a raw newline.
    case newlineDelimited

    /// The framed message. A newline-delimited body is extended in place: a body serialized
    /// with room for one more byte (as the serializers leave) is not copied.
    public func frame(_ body: consuming [UInt8]) -> [UInt8] {
        guard self == .newlineDelimited else {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(body.count + 32)
            frame(into: &buffer, body: body)
            return buffer
        }
        var buffer = consume body
        buffer.append(UInt8(ascii: "\n"))
        return buffer
    }

    /// Appends the framed `body` to `buffer`.
    public func frame(into buffer: inout [UInt8], body: [UInt8]) {
        switch self {
        case .contentLength:
            buffer.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
            buffer.append(contentsOf: body)
        case .newlineDelimited:
            buffer.append(contentsOf: body)
            buffer.append(UInt8(ascii: "\n"))
        }
    }
}

/// What a `MessageFramer` found in the stream.
public enum FramerEvent: Sendable, Equatable {
    /// One complete message body.
    case message([UInt8])
    /// A message larger than the limit; its bytes are skipped, never buffered. For
    /// Content-Length framing `byteCount` is the declared length; for newline framing it is
    /// the number of bytes seen when the line crossed the limit.
    case oversized(byteCount: Int)
    /// A Content-Length header block that could not be used; the framer has resynchronised.
    case malformedHeader(String)
}
