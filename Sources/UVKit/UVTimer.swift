import CUV

/// A one-shot or repeating timer.
public final class UVTimer: UVHandle {
    private var callback: (() -> Void)?

    public init(loop: UVLoop) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_timer_t>.size) { memory in
            uv_timer_init(loop.raw, memory.assumingMemoryBound(to: uv_timer_t.self))
        }
    }

    private var timer: UnsafeMutablePointer<uv_timer_t> { memory.assumingMemoryBound(to: uv_timer_t.self) }

    /// Calls `callback` after `milliseconds`, then every `repeatEvery` milliseconds if non-zero.
    public func start(after milliseconds: UInt64, repeatEvery: UInt64 = 0, _ callback: @escaping () -> Void) {
        guard !isClosing else { return }
        self.callback = callback
        uv_timer_start(timer, { timer in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(timer), as: UVTimer.self) { $0.fire() }
        }, milliseconds, repeatEvery)
    }

    public func stop() {
        guard !isClosing else { return }
        uv_timer_stop(timer)
    }

    private func fire() {
        callback?()
    }

    override func willClose() {
        callback = nil
    }
}

/// A signal watcher.
public final class UVSignal: UVHandle {
    private var callback: ((Int32) -> Void)?

    public init(loop: UVLoop) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_signal_t>.size) { memory in
            uv_signal_init(loop.raw, memory.assumingMemoryBound(to: uv_signal_t.self))
        }
    }

    public func start(signal: Int32, _ callback: @escaping (Int32) -> Void) throws(UVError) {
        self.callback = callback
        try uvCheck(uv_signal_start(memory.assumingMemoryBound(to: uv_signal_t.self), { handle, signum in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(handle), as: UVSignal.self) { $0.callback?(signum) }
        }, signal))
    }

    override func willClose() {
        callback = nil
    }
}
