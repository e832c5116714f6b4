/// One screen's restarts, for the restart intensity: at most `limit` within a sliding window.
struct RestartHistory {
    /// Every restart of the screen so far.
    private(set) var count = 0
    private var recent: [UInt64] = []

    /// Records a restart at `now` (loop milliseconds) unless `limit` already happened within
    /// `window`; false means the screen should stop restarting.
    mutating func admit(now: UInt64, limit: Int, window: UInt64) -> Bool {
        recent.removeAll { now - $0 >= window }
        guard recent.count < limit else { return false }
        recent.append(now)
        count += 1
        return true
    }

    /// A reload asked for by the client starts a fresh window.
    mutating func forgetRecent() {
        recent = []
    }
}
