/// Counts bytes per one-second window: how navhost tells a worker's chatty log from a flood.
struct FloodGauge {
    let limitPerSecond: Int
    private var windowStart: UInt64 = 0
    private var bytesInWindow = 0

    init(limitPerSecond: Int) {
        self.limitPerSecond = limitPerSecond
    }

    /// Adds `count` bytes seen at `now` (milliseconds); true once the current second is over the limit.
    mutating func add(_ count: Int, now: UInt64) -> Bool {
        if now - windowStart >= 1000 {
            windowStart = now
            bytesInWindow = 0
        }
        bytesInWindow += count
        return bytesInWindow > limitPerSecond
    }
}
