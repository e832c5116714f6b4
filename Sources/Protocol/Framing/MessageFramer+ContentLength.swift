/// The Content-Length side of `MessageFramer`: header blocks, framing errors and resynchronisation.
extension MessageFramer {
    /// Consumes one header block if a complete one is buffered. Returns false when more input is needed.
    mutating func readHeaderBlock() -> Bool {
        while readIndex < buffer.count, Self.isWhitespace(buffer[readIndex]) { readIndex += 1 }
        guard readIndex < buffer.count else { return false }
        guard Self.isLetter(buffer[readIndex]) else {
            let byte = buffer[readIndex]
            let what = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? "a message without a Content-Length header" : "unexpected input"
            return fail("\(what) (\(Self.describe(byte)) where a header should start)", resumeAt: readIndex)
        }
        let terminator = findHeaderTerminator()
        let blockLength: Int
        switch terminator {
        case .complete(let blockEnd, _): blockLength = blockEnd - readIndex
        case .lineNotAHeader(let lineStart): blockLength = lineStart - readIndex
        case .needMore: blockLength = buffer.count - readIndex
        }
        if blockLength > Self.maxHeaderBytes {
            // Resume past this block's own first byte, so resynchronising looks beyond its Content-Length.
            return fail("header block longer than \(Self.maxHeaderBytes) bytes", resumeAt: readIndex + 1)
        }
        switch terminator {
        case .needMore:
            return false
        case .lineNotAHeader(let lineStart):
            return fail(
                "header line starting with \(Self.describe(buffer[lineStart])): the header block must end with a blank line",
                resumeAt: lineStart)
        case .complete(let blockEnd, let next):
            switch ContentLengthHeader.parse(buffer[readIndex..<blockEnd]) {
            case .length(let length) where length > maxMessageBytes:
                readIndex = next
                emit(.oversized(byteCount: length))
                state = .resynchronising
            case .length(let length):
                readIndex = next
                state = .body(length: length)
            case .malformed(let reason, let resumeAt):
                return fail(reason, resumeAt: resumeAt ?? next)
            }
            return true
        }
    }

    /// Reports a framing error and resynchronises from `resumeAt`.
    private mutating func fail(_ reason: String, resumeAt: Int) -> Bool {
        emit(.malformedHeader(reason))
        readIndex = resumeAt
        scanIndex = resumeAt
        state = .resynchronising
        return true
    }

    private enum HeaderTerminator {
        /// `blockEnd` is where the block's last line ends, `next` where the body starts.
        case complete(blockEnd: Int, next: Int)
        /// A line of the block starts at `lineStart` with something that cannot start a header.
        case lineNotAHeader(lineStart: Int)
        case needMore
    }

    /// Finds the blank line ending a header block: a `\n` followed by `\n` or `\r\n`.
    private mutating func findHeaderTerminator() -> HeaderTerminator {
        var position = max(scanIndex, readIndex)
        while let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline + 1 < buffer.count else {
                scanIndex = newline
                return .needMore
            }
            let next = buffer[newline + 1]
            if next == UInt8(ascii: "\n") { return .complete(blockEnd: newline, next: newline + 2) }
            if next == UInt8(ascii: "\r") {
                guard newline + 2 < buffer.count else {
                    scanIndex = newline
                    return .needMore
                }
                if buffer[newline + 2] == UInt8(ascii: "\n") { return .complete(blockEnd: newline, next: newline + 3) }
            } else if !Self.isLetter(next) {
                return .lineNotAHeader(lineStart: newline + 1)
            }
            position = newline + 1
        }
        scanIndex = buffer.count
        return .needMore
    }

    /// Skips to the next `Content-Length:` (any case). Returns false when more input is needed,
    /// keeping only a tail that could be the start of the marker.
    mutating func resynchronise() -> Bool {
        let marker = Self.resyncMarker
        var position = readIndex
        while position + marker.count <= buffer.count {
            // Cheap first-byte test before the comparison: most skipped bytes are not a 'c'.
            if ContentLengthHeader.asciiLowercased(buffer[position]) == marker[0],
                zip(buffer[position..<(position + marker.count)], marker).allSatisfy({ ContentLengthHeader.asciiLowercased($0) == $1 })
            {
                readIndex = position
                scanIndex = position
                state = .headers
                return true
            }
            position += 1
        }
        readIndex = max(readIndex, buffer.count - (marker.count - 1))
        return false
    }
}
