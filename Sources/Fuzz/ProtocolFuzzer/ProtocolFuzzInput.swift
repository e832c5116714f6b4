import NavProtocol

/// One fuzz input through what navhost does with untrusted bytes: frame them (both framings and
/// detection, fed in chunks of a size the input picks, with a small message limit so the
/// oversize paths run), classify each body as JSON-RPC, and serialize the error replies.
/// Traps (so libFuzzer reports) when an invariant breaks:
/// - the framer holds no more than the limit plus one chunk plus a header block;
/// - parsing is stable: serializing a parsed document and parsing that gives the same bytes.
enum ProtocolFuzzInput {
    static let maxMessageBytes = 4096

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let first = data.first else { return }
        let chunkSize = Int(first % 64) + 1
        let rest = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        for framing in [nil, Framing.newlineDelimited, .contentLength] {
            frame(rest, framing: framing, chunkSize: chunkSize)
        }
        classify(rest)
    }

    private static func frame(_ bytes: UnsafeRawBufferPointer, framing: Framing?, chunkSize: Int) {
        var framer = MessageFramer(maxMessageBytes: maxMessageBytes, framing: framing)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            framer.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
            while let event = framer.nextEvent() {
                if case .message(let body) = event { classify(body) }
            }
            precondition(
                framer.bufferedByteCount <= maxMessageBytes + chunkSize + 8192,
                "framer holds \(framer.bufferedByteCount) bytes")
        }
    }

    private static func classify(_ body: [UInt8]) {
        body.withUnsafeBytes { classify($0) }
    }

    private static func classify(_ body: UnsafeRawBufferPointer) {
        switch RPCPayload.parse(body) {
        case .single(let entry): reply(to: entry)
        case .batch(let entries): entries.forEach(reply(to:))
        }
        guard let document = try? JSONValue(parsing: body) else { return }
        let once = document.serialized()
        guard let again = try? JSONValue(parsing: once) else { preconditionFailure("serialized JSON does not parse: \(document)") }
        precondition(again.serialized() == once, "serializing is not stable for \(document)")
    }

    private static func reply(to entry: RPCEntry) {
        if let response = entry.errorResponse { _ = RPCMessage.response(response).serialized() }
    }
}
