import CUV
import Synchronization

/// The one way into a loop from another thread: `post` a result from anywhere, and the loop
/// runs the matching continuation on its own thread (libuv's uv_async_send under the hood).
public final class LoopInbox: UVHandle {
    private let mailbox = Mailbox()
    private var continuations: [Int: (Result<any Sendable, any Error>) -> Void] = [:]
    private var nextTicket = 1

    public init(loop: UVLoop) throws(UVError) {
        try super.init(loop: loop, size: MemoryLayout<uv_async_t>.size) { memory in
            uv_async_init(loop.raw, memory.assumingMemoryBound(to: uv_async_t.self)) { handle in
                UVHandle.withOwner(of: UnsafeMutableRawPointer(handle), as: LoopInbox.self) { $0.deliver() }
            }
        }
        // Only results still expected keep the loop alive.
        unref()
    }

    /// Registers what to run on the loop when the ticket's result arrives.
    public func expect(_ continuation: @escaping (Result<any Sendable, any Error>) -> Void) -> Ticket {
        let ticket = nextTicket
        nextTicket += 1
        if continuations.isEmpty { ref() }
        continuations[ticket] = continuation
        return Ticket(number: ticket, mailbox: mailbox, handle: UnsafeSendableHandle(memory))
    }

    /// Drops a continuation: its result, if it still comes, is discarded.
    public func forget(_ ticket: Ticket) {
        continuations[ticket.number] = nil
        if continuations.isEmpty, !isClosing { unref() }
    }

    private func deliver() {
        for (number, result) in mailbox.takeAll() {
            let continuation = continuations.removeValue(forKey: number)
            if continuations.isEmpty, !isClosing { unref() }
            continuation?(result)
        }
    }

    override func willClose() {
        mailbox.close()
        continuations = [:]
    }

    /// A claim on one result, sendable to the thread that produces it.
    public struct Ticket: Sendable {
        public let number: Int
        fileprivate let mailbox: Mailbox
        fileprivate let handle: UnsafeSendableHandle

        /// Posts the result from any thread. Safe after the inbox closed: the result is dropped.
        public func post(_ result: Result<any Sendable, any Error>) {
            mailbox.put(number, result) { uv_async_send(handle.pointer.assumingMemoryBound(to: uv_async_t.self)) }
        }
    }
}

/// The results waiting for the loop; `isOpen` guards the async handle's memory, which is freed
/// only after close, so a late post from a worker thread never touches freed memory.
final class Mailbox: Sendable {
    private let state = Mutex<(isOpen: Bool, results: [(Int, Result<any Sendable, any Error>)])>((true, []))

    func put(_ number: Int, _ result: Result<any Sendable, any Error>, wake: () -> Void) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.results.append((number, result))
            wake()
        }
    }

    func takeAll() -> [(Int, Result<any Sendable, any Error>)] {
        state.withLock { state in
            defer { state.results = [] }
            return state.results
        }
    }

    func close() {
        state.withLock { $0.isOpen = false }
    }
}

/// The async handle's address, carried to other threads only to call uv_async_send, which libuv
/// documents as thread-safe; `Mailbox` stops those calls before the memory is freed.
struct UnsafeSendableHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
