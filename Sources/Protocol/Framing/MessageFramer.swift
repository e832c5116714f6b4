import Glibc

/// Splits a byte stream into message bodies. A pure state machine: feed it bytes with `append`,
/// then drain `nextEvent()` until it returns nil.
///
/// When `framing` is nil it is detected from the first non-whitespace byte: `{` or `[` means
/// newline-delimited JSON, anything else the Content-Length framing of the LSP base protocol.
///
/// Content-Length framing: header lines may end in `\r\n` or a bare `\n`; the block ends at the
/// first blank line; blank lines between messages are ignored. A block without a usable length,
/// or longer than 8 KiB without ending, is reported as `malformedHeader`; the framer then
/// resynchronises by skipping ahead to the next `Content-Length:` text, so a body that followed
/// the bad header is dropped rather than misread as headers.
///
/// Oversized messages are reported once and then skipped as bytes arrive, never buffered, so
/// memory stays bounded by `maxMessageBytes` plus the size of one appended chunk.
public struct MessageFramer: Sendable {
    static let maxHeaderBytes = 8192
    private static let resyncMarker: StaticString = "content-length:"

    private enum State: Sendable, Equatable {
        case awaitingFirstByte
        case headers
        case body(length: Int)
        case skippingBody(remaining: Int)
        case resynchronising
        case line
        case discardingLine
    }

    public let maxMessageBytes: Int
    public private(set) var framing: Framing?
    private var state: State

    private var buffer: [UInt8] = []
    /// Bytes before `readIndex` are consumed; they are compacted away in amortised O(1).
    private var readIndex = 0
    /// Where the next delimiter search resumes, so a message arriving in pieces is scanned once.
    private var scanIndex = 0

    private var events: [FramerEvent] = []
    private var nextEventIndex = 0
    private var pendingMessageBytes = 0

    public init(maxMessageBytes: Int = 16 << 20, framing: Framing? = nil) {
        self.maxMessageBytes = maxMessageBytes
        self.framing = framing
        switch framing {
        case nil: state = .awaitingFirstByte
        case .contentLength: state = .headers
        case .newlineDelimited: state = .line
        }
    }

    /// Bytes held: input not yet consumed plus bodies of events not yet taken.
    public var bufferedByteCount: Int { buffer.count - readIndex + pendingMessageBytes }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(typed: $0[...]) }
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { append(typed: $0[...]) }
    }

    public mutating func nextEvent() -> FramerEvent? {
        guard nextEventIndex < events.count else { return nil }
        let event = events[nextEventIndex]
        // Overwrite the slot so a taken message's storage is freed as soon as the caller drops it.
        events[nextEventIndex] = .oversized(byteCount: 0)
        nextEventIndex += 1
        if case .message(let body) = event { pendingMessageBytes -= body.count }
        if nextEventIndex == events.count {
            events.removeAll(keepingCapacity: true)
            nextEventIndex = 0
        }
        return event
    }

    private mutating func append(typed bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        var input = bytes
        while !input.isEmpty {
            if readIndex == buffer.count, discardDirectly(from: &input) { continue }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input))
            input = input[input.endIndex...]
            process()
        }
        compact()
    }

    /// While skipping, drops input without copying it into the buffer. Returns false when the
    /// state is not a skipping one.
    private mutating func discardDirectly(from input: inout Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        switch state {
        case .skippingBody(let remaining):
            let count = min(remaining, input.count)
            input = input.dropFirst(count)
            state = count == remaining ? .headers : .skippingBody(remaining: remaining - count)
            return true
        case .discardingLine:
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                input = input[(newline + 1)...]
                state = .line
            } else {
                input = input[input.endIndex...]
            }
            return true
        default:
            return false
        }
    }

    private mutating func process() {
        while true {
            switch state {
            case .awaitingFirstByte:
                while readIndex < buffer.count, isWhitespace(buffer[readIndex]) { readIndex += 1 }
                guard readIndex < buffer.count else { return }
                let first = buffer[readIndex]
                let detected: Framing =
                    first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .newlineDelimited : .contentLength
                framing = detected
                state = detected == .newlineDelimited ? .line : .headers
            case .headers:
                guard readHeaderBlock() else { return }
            case .body(let length):
                guard buffer.count - readIndex >= length else { return }
                emit(.message(Array(buffer[readIndex..<(readIndex + length)])))
                readIndex += length
                state = .headers
            case .skippingBody(let remaining):
                let count = min(remaining, buffer.count - readIndex)
                readIndex += count
                guard count == remaining else {
                    state = .skippingBody(remaining: remaining - count)
                    return
                }
                state = .headers
            case .resynchronising:
                guard resynchronise() else { return }
            case .line:
                guard readLine() else { return }
            case .discardingLine:
                guard let newline = buffer[readIndex...].firstIndex(of: UInt8(ascii: "\n")) else {
                    readIndex = buffer.count
                    return
                }
                readIndex = newline + 1
                state = .line
            }
        }
    }

    /// Consumes one header block if a complete one is buffered. Returns false when more input is needed.
    private mutating func readHeaderBlock() -> Bool {
        while readIndex < buffer.count, buffer[readIndex] == UInt8(ascii: "\r") || buffer[readIndex] == UInt8(ascii: "\n") {
            readIndex += 1
        }
        let terminator = findHeaderTerminator()
        let blockLength = terminator.map { $0.blockEnd - readIndex } ?? buffer.count - readIndex
        if blockLength > Self.maxHeaderBytes {
            emit(.malformedHeader("header block longer than \(Self.maxHeaderBytes) bytes"))
            readIndex += 1  // so resynchronising looks past this block's own Content-Length
            state = .resynchronising
            return true
        }
        guard let (blockEnd, next) = terminator else { return false }
        let outcome = ContentLengthHeader.parse(buffer[readIndex..<blockEnd])
        readIndex = next
        switch outcome {
        case .length(let length) where length > maxMessageBytes:
            emit(.oversized(byteCount: length))
            state = .skippingBody(remaining: length)
        case .length(let length):
            state = .body(length: length)
        case .malformed(let reason):
            emit(.malformedHeader(reason))
            state = .resynchronising
        }
        return true
    }

    /// Finds the blank line ending a header block: a `\n` followed by `\n` or `\r\n`. Returns
    /// where the block's last line ends and where the body starts.
    private mutating func findHeaderTerminator() -> (blockEnd: Int, next: Int)? {
        var position = max(scanIndex, readIndex)
        while let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline + 1 < buffer.count else {
                scanIndex = newline
                return nil
            }
            if buffer[newline + 1] == UInt8(ascii: "\n") { return (newline, newline + 2) }
            if buffer[newline + 1] == UInt8(ascii: "\r") {
                guard newline + 2 < buffer.count else {
                    scanIndex = newline
                    return nil
                }
                if buffer[newline + 2] == UInt8(ascii: "\n") { return (newline, newline + 3) }
            }
            position = newline + 1
        }
        scanIndex = buffer.count
        return nil
    }

    /// Skips to the next `Content-Length:` (any case). Returns false when more input is needed,
    /// keeping only a tail that could be the start of the marker.
    private mutating func resynchronise() -> Bool {
        let markerLength = Self.resyncMarker.utf8CodeUnitCount
        var position = readIndex
        while position + markerLength <= buffer.count {
            if ContentLengthHeader.equalsIgnoringASCIICase(buffer[position..<(position + markerLength)], Self.resyncMarker) {
                readIndex = position
                scanIndex = position
                state = .headers
                return true
            }
            position += 1
        }
        readIndex = max(readIndex, buffer.count - (markerLength - 1))
        return false
    }

    /// Consumes one line if a complete one is buffered. Returns false when more input is needed.
    private mutating func readLine() -> Bool {
        guard let newline = Self.newline(in: buffer, from: max(scanIndex, readIndex)) else {
            scanIndex = buffer.count
            let seen = buffer.count - readIndex
            guard seen > maxMessageBytes else { return false }
            emit(.oversized(byteCount: seen))
            readIndex = buffer.count
            state = .discardingLine
            return true
        }
        let start = readIndex
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        readIndex = newline + 1
        if buffer[start..<end].allSatisfy(isWhitespace) { return true }
        if end - start > maxMessageBytes {
            emit(.oversized(byteCount: end - start))
        } else {
            emit(.message(Array(buffer[start..<end])))
        }
        return true
    }

    /// The index of the first newline at or after `start`: memchr, which scans a word or a
    /// vector at a time where a loop over the bytes takes several instructions for each.
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard start < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func emit(_ event: FramerEvent) {
        if case .message(let body) = event { pendingMessageBytes += body.count }
        events.append(event)
    }

    private mutating func compact() {
        if readIndex == buffer.count {
            // Give back the memory of a large message; keep a modest buffer for the next ones.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
        } else if readIndex >= buffer.count / 2 {
            buffer.removeSubrange(0..<readIndex)
        } else {
            return
        }
        scanIndex = max(0, scanIndex - readIndex)
        readIndex = 0
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
