import CUV

/// Runs a callback once per loop iteration, just before the loop waits for I/O: the moment
/// when every callback of the iteration has run, so "is anything still in flight?" has a
/// stable answer.
public final class UVPrepare: UVHandle {
    private var callback: (() -> Void)?

    public init(loop: UVLoop) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_prepare_t>.size) { memory in
            uv_prepare_init(loop.raw, memory.assumingMemoryBound(to: uv_prepare_t.self))
        }
    }

    private var prepare: UnsafeMutablePointer<uv_prepare_t> { memory.assumingMemoryBound(to: uv_prepare_t.self) }

    public func start(_ callback: @escaping () -> Void) {
        guard !isClosing else { return }
        self.callback = callback
        uv_prepare_start(prepare) { prepare in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(prepare), as: UVPrepare.self) { $0.callback?() }
        }
    }

    override func willClose() {
        callback = nil
    }
}
