import CUV

/// Watches a socket someone else owns (libcurl's) for readiness. The socket is never read,
/// written or closed here; close this handle before the owner closes the socket.
public final class UVPoll: UVHandle {
    /// What a socket is ready for.
    public struct Events: OptionSet, Sendable {
        public let rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        public static let readable = Events(rawValue: Int32(UV_READABLE.rawValue))
        public static let writable = Events(rawValue: Int32(UV_WRITABLE.rawValue))
    }

    public let socket: Int32
    private var callback: ((Result<Events, UVError>) -> Void)?

    public init(loop: UVLoop, socket: Int32) throws(UVError) {
        self.socket = socket
        try super.init(loop: loop, size: MemoryLayout<uv_poll_t>.size) { memory in
            uv_poll_init_socket(loop.raw, memory.assumingMemoryBound(to: uv_poll_t.self), socket)
        }
    }

    private var poll: UnsafeMutablePointer<uv_poll_t> { memory.assumingMemoryBound(to: uv_poll_t.self) }

    /// Starts (or changes) watching for `events`; `callback` gets each readiness, or an error
    /// once the socket failed. Calling again replaces both the events and the callback.
    public func start(_ events: Events, _ callback: @escaping (Result<Events, UVError>) -> Void) throws(UVError) {
        guard !isClosing else { throw UVError.cancelled }
        self.callback = callback
        try uvCheck(uv_poll_start(poll, events.rawValue) { poll, status, events in
            UVHandle.withOwner(of: UnsafeMutableRawPointer(poll), as: UVPoll.self) {
                $0.fire(status < 0 ? .failure(UVError(status)) : .success(Events(rawValue: events)))
            }
        })
    }

    private func fire(_ result: Result<Events, UVError>) {
        callback?(result)
    }

    override func willClose() {
        callback = nil
    }
}
