import UVKit

/// Runs the loop until `done` holds, with a deadline so a lost callback fails the test
/// instead of hanging it. Returns whether `done` held.
@discardableResult
public func run(_ loop: UVLoop, seconds: Double = 10, until done: () -> Bool) -> Bool {
    guard !done() else { return true }
    let timer = try? UVTimer(loop: loop)
    var expired = false
    timer?.start(after: UInt64(seconds * 1000)) { expired = true }
    while !done() && !expired { loop.runOnce() }
    timer?.close()
    return done()
}

/// Runs the loop for `milliseconds` of loop time, so that anything due in that time happens:
/// used only to show that something does NOT happen (a cancelled completion).
public func runFor(_ loop: UVLoop, milliseconds: UInt64) {
    let timer = try? UVTimer(loop: loop)
    var expired = false
    timer?.start(after: milliseconds) { expired = true }
    while !expired { loop.runOnce() }
    timer?.close()
}

/// Waits for one callback-style result on the loop.
public func waitFor<T>(_ loop: UVLoop, seconds: Double = 10, _ start: (@escaping (T) -> Void) -> Void) -> T? {
    var result: T?
    start { result = $0 }
    run(loop, seconds: seconds) { result != nil }
    return result
}
