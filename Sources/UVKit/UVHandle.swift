import CUV

/// The base of every handle wrapper. An open handle keeps its wrapper alive (the handle's
/// `data` holds a retain taken at init); `close()` releases it in libuv's close callback,
/// and only then is the handle's memory freed.
public class UVHandle {
    /// Unowned and unchecked: a loop cannot be closed while it has handles (libuv refuses), so
    /// every handle is gone before its loop is; a checked reference would cost two atomic
    /// operations at each use, and streams use it on every write.
    public unowned(unsafe) let loop: UVLoop
    let memory: UnsafeMutableRawPointer
    public private(set) var isClosing = false
    public private(set) var isClosed = false
    private var closeHandlers: [() -> Void] = []

    var handle: UnsafeMutablePointer<uv_handle_t> { memory.assumingMemoryBound(to: uv_handle_t.self) }

    /// `initialize` runs libuv's init function on the fresh memory.
    init(loop: UVLoop, size: Int, initialize: (UnsafeMutableRawPointer) -> Int32) throws(UVError) {
        self.loop = loop
        memory = .allocate(byteCount: size, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let status = initialize(memory)
        if status < 0 {
            memory.deallocate()
            throw UVError(status)
        }
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Runs `handler` once the handle is fully closed (at once if it already is).
    public func onClose(_ handler: @escaping () -> Void) {
        if isClosed { return handler() }
        closeHandlers.append(handler)
    }

    public func close() {
        guard !isClosing else { return }
        isClosing = true
        willClose()
        uv_close(handle) { handle in
            guard let handle, let data = handle.pointee.data else { return }
            let owner = Unmanaged<UVHandle>.fromOpaque(data).takeRetainedValue()
            owner.didClose()
        }
    }

    /// Subclasses free what they own beside the handle.
    func willClose() {}

    private func didClose() {
        handle.pointee.data = nil
        memory.deallocate()
        isClosed = true
        let handlers = closeHandlers
        closeHandlers = []
        for handler in handlers { handler() }
    }

    /// Lets the loop end even while this handle is active.
    public func unref() { uv_unref(handle) }

    public func ref() { uv_ref(handle) }

    /// Runs `body` with the wrapper of the handle at `pointer`, for its callbacks; nil once it
    /// closed. The wrapper is not retained for the call: the handle's `data` holds it until the
    /// close callback, which never runs inside another callback of the handle. A handle's `data`
    /// is only ever its own wrapper, and a callback is registered by the wrapper class of its
    /// handle, so the cast is not checked at run time (debug builds do check it).
    static func withOwner<T: UVHandle, Result>(of pointer: UnsafeMutableRawPointer?, as type: T.Type, _ body: (T) -> Result) -> Result? {
        guard let pointer, let data = pointer.assumingMemoryBound(to: uv_handle_t.self).pointee.data else { return nil }
        return Unmanaged<UVHandle>.fromOpaque(data)._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: T.self)) }
    }
}

@available(*, unavailable)
extension UVHandle: Sendable {}
