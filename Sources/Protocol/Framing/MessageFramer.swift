/// Splits a byte stream into message bodies. A pure state machine: feed it bytes with `append`,
/// then drain `nextEvent()` until it returns nil.
///
/// When `framing` is nil it is detected from the first input that is not whitespace: `{` or `[`
/// means newline-delimited JSON, a `Content-` header the Content-Length framing of the LSP base
/// protocol; a line of anything else is passed on as a message of its own (not JSON, so it is
/// answered as such) and the framing is decided by what follows (`detectFraming`). A UTF-8
/// byte-order mark before the first message is skipped.
///
/// Content-Length framing: header lines may end in `\r\n` or a bare `\n`; the block ends at the
/// first blank line; whitespace between messages is ignored. Every framing error is reported at
/// once as an event and followed by a resynchronisation: the framer skips ahead to the next
/// `Content-Length:` text (any case) and never trusts a length it could not use. The errors:
/// - input where a header should start that does not begin with a letter (stray bytes after a
///   body whose length was too small, a JSON message sent without a header): `malformedHeader`;
/// - a header line that starts with anything but a letter (a body sent without the blank line
///   ending the headers): `malformedHeader`, resynchronising from that line;
/// - a block without a usable length, or longer than 8 KiB without ending: `malformedHeader`;
///   a line without `:` is resynchronised from, so a `Content-Length:` line after it still
///   starts a message; otherwise from the end of the block, so its body is dropped rather than
///   misread as headers;
/// - a length over `maxMessageBytes`: `oversized`, and the body is skipped by resynchronising,
///   not by counting the declared length, so an absurd length cannot swallow the stream.
///
/// Newline framing: a line longer than the limit is reported once and skipped to its end.
/// Memory stays bounded by `maxMessageBytes` plus the size of one appended chunk.
public struct MessageFramer: Sendable {
    static let maxHeaderBytes = 8192
    static let resyncMarker = Array("content-length:".utf8)

    enum State: Sendable, Equatable {
        case awaitingFirstByte
        case headers
        case body(length: Int)
        case resynchronising
        case line
        case discardingLine
    }

    public let maxMessageBytes: Int
    public internal(set) var framing: Framing?
    var state: State

    // Internal, not private, only so MessageFramer+ContentLength.swift can reach them.
    var buffer: [UInt8] = []
    /// Bytes before `readIndex` are consumed; they are compacted away in amortised O(1).
    var readIndex = 0
    /// Where the next delimiter search resumes, so a message arriving in pieces is scanned once.
    var scanIndex = 0

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
            if readIndex == buffer.count {
                if discardDirectly(from: &input) { continue }
                // Whole lines go from the input straight to their messages; only a partial
                // line is buffered.
                if state == .line { readLinesDirectly(from: &input) }
                if input.isEmpty { break }
            }
            // A buffered partial line takes the input only to its end; the lines after it then
            // go the direct way. Other states (headers, bodies) take it all.
            var end = input.endIndex
            if state == .line, let newline = Self.newline(in: input) { end = newline + 1 }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<end]))
            input = input[end...]
            process()
        }
        compact()
    }

    /// The index of the first newline in `input`.
    private static func newline(in input: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        input.base.index(ofByte: UInt8(ascii: "\n"), in: input.startIndex..<input.endIndex)
    }

    /// While skipping, drops input without copying it into the buffer. Returns false when the
    /// state is not a skipping one.
    private mutating func discardDirectly(from input: inout Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        switch state {
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

    /// Newline framing with nothing buffered: emits each complete line of `input` without
    /// copying it into the buffer first, and leaves the rest (a partial line) in `input`.
    private mutating func readLinesDirectly(from input: inout Slice<UnsafeBufferPointer<UInt8>>) {
        while let newline = Self.newline(in: input) {
            if let event = Self.lineEvent(input[input.startIndex..<newline], maxMessageBytes: maxMessageBytes) { emit(event) }
            input = input[(newline + 1)...]
        }
    }

    /// What a complete line (without its newline) holds: nothing for a blank one.
    private static func lineEvent(_ line: Slice<UnsafeBufferPointer<UInt8>>, maxMessageBytes: Int) -> FramerEvent? {
        var end = line.endIndex
        if end > line.startIndex, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let body = line[line.startIndex..<end]
        // A message starts with a bracket: only a line starting with whitespace can be blank.
        guard let first = body.first, !isWhitespace(first) || !body.allSatisfy(isWhitespace) else { return nil }
        return body.count > maxMessageBytes ? .oversized(byteCount: body.count) : .message(Array(body))
    }

    private mutating func process() {
        while true {
            switch state {
            case .awaitingFirstByte:
                guard detectFraming() else { return }
            case .headers:
                guard readHeaderBlock() else { return }
            case .body(let length):
                guard buffer.count - readIndex >= length else { return }
                emit(.message(Array(buffer[readIndex..<(readIndex + length)])))
                readIndex += length
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

    /// Skips a UTF-8 byte-order mark at `readIndex`: true when it did, false when there is none,
    /// nil when the buffered bytes could be the start of one and more input is needed.
    mutating func skipByteOrderMark() -> Bool? {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let available = min(mark.count, buffer.count - readIndex)
        guard buffer[readIndex..<(readIndex + available)].elementsEqual(mark[..<available]) else { return false }
        guard available == mark.count else { return nil }
        readIndex += mark.count
        return true
    }

    /// Consumes one line if a complete one is buffered. Returns false when more input is needed.
    private mutating func readLine() -> Bool {
        if takeCompleteLine() { return true }
        let seen = buffer.count - readIndex
        guard seen > maxMessageBytes else { return false }
        emit(.oversized(byteCount: seen))
        readIndex = buffer.count
        state = .discardingLine
        return true
    }

    /// Consumes the line at `readIndex` and emits what it holds (nothing for a blank one) if
    /// its end is buffered; false otherwise (the next search resumes where this one stopped).
    mutating func takeCompleteLine() -> Bool {
        guard let newline = Self.newline(in: buffer, from: max(scanIndex, readIndex)) else {
            scanIndex = buffer.count
            return false
        }
        let start = readIndex
        readIndex = newline + 1
        let event = buffer.withUnsafeBufferPointer { Self.lineEvent($0[start..<newline], maxMessageBytes: maxMessageBytes) }
        if let event { emit(event) }
        return true
    }

    /// The index of the first newline at or after `start`.
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { $0.index(ofByte: UInt8(ascii: "\n"), in: start..<$0.count) }
    }

    mutating func emit(_ event: FramerEvent) {
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

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ContentLengthHeader.asciiLowercased(byte))
    }

    /// A byte for an error message: itself when printable ASCII, else its hex value.
    static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
