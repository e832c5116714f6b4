/// How `MessageFramer` decides the framing when it was not given one.
extension MessageFramer {
    /// What starts a Content-Length session's first header block (`Content-Length` or
    /// `Content-Type`, the only headers of the LSP base protocol), in any letter case.
    private static let headerNamePrefix = Array("content-".utf8)

    /// Decides the framing from the input at `readIndex`, or passes on a line of junk before the
    /// first message. Returns false when more input is needed.
    ///
    /// Junk is not taken as a sign of either framing: deciding on Content-Length from it (as any
    /// byte but a bracket once did) left a newline-delimited client whose first line was junk
    /// with every later message swallowed while the framer looked for a header.
    mutating func detectFraming() -> Bool {
        while readIndex < buffer.count, Self.isWhitespace(buffer[readIndex]) { readIndex += 1 }
        guard readIndex < buffer.count else { return false }
        switch skipByteOrderMark() {
        case nil: return false
        case true?: return true
        case false?: break
        }
        let first = buffer[readIndex]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            framing = .newlineDelimited
            state = .line
            return true
        }
        switch startsWithHeaderName() {
        case nil: return false
        case true?:
            framing = .contentLength
            state = .headers
            return true
        case false?: break
        }
        if takeCompleteLine() { return true }
        // Longer than any header block: not a Content-Length peer; the line framing takes it
        // from here (passed on when it ends, or reported as oversized).
        guard buffer.count - readIndex > Self.maxHeaderBytes else { return false }
        framing = .newlineDelimited
        state = .line
        return true
    }

    /// Whether the input at `readIndex` starts with `headerNamePrefix`; nil while the bytes
    /// buffered match it so far but are fewer.
    private func startsWithHeaderName() -> Bool? {
        let prefix = Self.headerNamePrefix
        let available = min(prefix.count, buffer.count - readIndex)
        for offset in 0..<available where ContentLengthHeader.asciiLowercased(buffer[readIndex + offset]) != prefix[offset] {
            return false
        }
        return available == prefix.count ? true : nil
    }
}
