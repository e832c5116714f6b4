import CUV

/// One libuv event loop. Every handle made on it must be used from the thread that runs it.
public final class UVLoop {
    public let raw: UnsafeMutablePointer<uv_loop_t>
    private var isClosed = false
    /// What the loop does at each turn's end. Made on first use (a write, a paced read, an
    /// observer); nil if its handle could not be made (streams then write at once and read as
    /// libuv does, and observers are not run).
    public private(set) lazy var turnEnd: TurnEnd? = try? TurnEnd(loop: self)

    public init() {
        raw = .allocate(capacity: 1)
        let status = uv_loop_init(raw)
        precondition(status == 0, "uv_loop_init failed: \(UVError(status))")
    }

    deinit {
        close()
        raw.deallocate()
    }

    /// Runs until no active handle is left or `stop()` is called.
    public func run() {
        uv_run(raw, UV_RUN_DEFAULT)
    }

    /// Waits for and handles at least one event. Returns false when nothing is left to wait for.
    @discardableResult
    public func runOnce() -> Bool {
        uv_run(raw, UV_RUN_ONCE) != 0
    }

    /// Handles the events that are ready without blocking.
    @discardableResult
    public func runNoWait() -> Bool {
        uv_run(raw, UV_RUN_NOWAIT) != 0
    }

    public func stop() {
        uv_stop(raw)
    }

    /// Runs the loop until `done()` holds or `seconds` pass, and says whether it holds: for a
    /// caller that waits on its loop (a synchronous client, a test). `done` is checked after each
    /// event and at least every 10 ms, so it may watch what the loop does not see (the process
    /// table, a file).
    @discardableResult
    public func run(seconds: Double = 10, until done: () -> Bool) -> Bool {
        if done() { return true }
        guard let deadline = try? UVTimer(loop: self), let tick = try? UVTimer(loop: self) else { return done() }
        var expired = false
        deadline.start(after: UInt64(max(0, seconds) * 1000)) { expired = true }
        tick.start(after: 10, repeatEvery: 10) {}
        defer {
            deadline.close()
            tick.close()
        }
        while !done() && !expired { runOnce() }
        return done()
    }

    /// Milliseconds of the loop's cached clock.
    public var now: UInt64 { uv_now(raw) }

    /// Closes every handle still open, lets their close callbacks run, then closes the loop.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        uv_walk(raw, { handle, _ in
            guard let handle, uv_is_closing(handle) == 0 else { return }
            if let data = handle.pointee.data {
                Unmanaged<UVHandle>.fromOpaque(data).takeUnretainedValue().close()
            } else {
                uv_close(handle, nil)
            }
        }, nil)
        while uv_loop_close(raw) == Int32(UV_EBUSY.rawValue) {
            uv_run(raw, UV_RUN_NOWAIT)
        }
    }
}

@available(*, unavailable)
extension UVLoop: Sendable {}
