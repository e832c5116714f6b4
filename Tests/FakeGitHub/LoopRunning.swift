import UVKit

/// Runs the loop for `milliseconds` of loop time, so that anything due in that time happens:
/// used only to show that something does NOT happen (a cancelled completion).
public func runFor(_ loop: UVLoop, milliseconds: UInt64) {
    loop.run(seconds: Double(milliseconds) / 1000) { false }
}

/// Waits for one callback-style result on the loop.
public func waitFor<T>(_ loop: UVLoop, seconds: Double = 10, _ start: (@escaping (T) -> Void) -> Void) -> T? {
    var result: T?
    start { result = $0 }
    loop.run(seconds: seconds) { result != nil }
    return result
}
