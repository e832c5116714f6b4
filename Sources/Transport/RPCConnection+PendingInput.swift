import UVKit
import NavProtocol

// Flow control for input: what the peer's input costs is counted (the requests read from it
// and not answered yet, and the bytes not yet written to it), and its messages are neither
// handled nor read while that is more than `pendingInputLimitBytes`, until it is half as much.
// The bytes owed count because this side answers some requests at once with many bytes
// (navhost's `nav/stack` of a deep stack): a peer that writes them without reading would
// otherwise have this side hold every answer.
extension RPCConnection {
    func received(cost: Int) {
        pendingInputBytes += cost
    }

    func answered(_ id: RequestID, cost: Int) {
        incoming[id] = nil
        // Only the last answer of a busy spell starts the peer's idle time (`idleSince`).
        if incoming.isEmpty { lastActivityAt = loop.now }
        pendingInputBytes -= cost
        if isPausedForPendingInput { resumeInputIfWithinBudget() }
    }

    /// After each message of the peer's: once its input costs more than the limit, the next
    /// ones are neither handled nor read (`handleFramedMessages`).
    func checkInputBudget() {
        guard let limit = pendingInputLimitBytes, !isPausedForPendingInput,
            pendingInputBytes + writer.pendingWriteBytes > limit
        else { return }
        isPausedForPendingInput = true
        if !isReadingPaused { readerHandle.stopReading() }
    }

    /// While paused, after an answer or a drained write: reads again once the input costs half
    /// the limit, and handles the messages framed before the pause on the next turn (not
    /// inside the answer or the write that made room).
    func resumeInputIfWithinBudget() {
        guard isPausedForPendingInput, let limit = pendingInputLimitBytes,
            pendingInputBytes + writer.pendingWriteBytes <= limit / 2
        else { return }
        isPausedForPendingInput = false
        guard !isClosed else { return }
        if !isReadingPaused, !hasInputEnded { try? readerHandle.startReading() }
        if framedMessagesTimer == nil { framedMessagesTimer = try? UVTimer(loop: loop) }
        framedMessagesTimer?.start(after: 0) { [unowned self] in self.handleFramedMessages() }
    }
}

extension RPCConnection {
    /// A message at least this large leaves enough freed memory behind to hand back.
    static let largeMessageBytes = 1 << 20

    /// Hands memory freed after a large message back to the system, once what is owed to the
    /// peer is written (the bytes waiting are freed then): the allocator keeps freed pages for
    /// reuse otherwise, and a burst would leave navhost's RSS at its peak for good.
    func releaseFreedMemorySoon() {
        guard writer.pendingWriteBytes == 0 else {
            owesMemoryRelease = true
            return
        }
        owesMemoryRelease = false
        FreedMemory.release()
    }
}
