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
        pendingInputBytes -= cost
        guard isPausedForPendingInput, let limit = pendingInputLimitBytes, pendingInputBytes <= limit / 2 else { return }
        isPausedForPendingInput = false
        guard !isReadingPaused, !isClosed, !hasInputEnded else { return }
        try? readerHandle.startReading()
    }
}
