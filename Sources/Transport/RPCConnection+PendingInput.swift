import UVKit
import NavProtocol

// Flow control for input: the requests read from the peer and not answered yet are counted,
// and reading stops while they cost more than `pendingInputLimitBytes`.
extension RPCConnection {
    func received(cost: Int) {
        pendingInputBytes += cost
        guard let limit = pendingInputLimitBytes, pendingInputBytes > limit, !isPausedForPendingInput else { return }
        isPausedForPendingInput = true
        if !isReadingPaused { readerHandle.stopReading() }
    }

    func answered(_ id: RequestID, cost: Int) {
        incoming[id] = nil
        // Only the last answer of a busy spell starts the peer's idle time (`idleSince`).
        if incoming.isEmpty { lastActivityAt = loop.now }
        pendingInputBytes -= cost
        guard isPausedForPendingInput, let limit = pendingInputLimitBytes, pendingInputBytes <= limit / 2 else { return }
        isPausedForPendingInput = false
        guard !isReadingPaused, !isClosed, !hasInputEnded else { return }
        try? readerHandle.startReading()
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
