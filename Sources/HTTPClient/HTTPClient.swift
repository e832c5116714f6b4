import CCurl
import UVKit

/// libcurl's process-wide setup, done once before the first multi handle.
private let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

/// HTTP requests on a libuv loop, through libcurl's multi-socket interface: libcurl says which
/// sockets to watch (one `UVPoll` each) and when to time out (one `UVTimer`); the loop tells
/// libcurl what became ready. Nothing blocks the loop and no thread of ours is involved
/// (libcurl resolves names on a thread of its own).
///
/// Completions run on the loop, never inside `send`. A cancelled request never completes: its
/// completion is not called. `close()` cancels every request still in flight the same way.
/// An open client keeps itself alive (libcurl's callback context holds a retain on it) until
/// `close()`.
public final class HTTPClient {
    public let loop: UVLoop
    private let multi: UnsafeMutableRawPointer
    private let timer: UVTimer
    private var polls: [curl_socket_t: UVPoll] = [:]
    private var transfers: [ObjectIdentifier: Transfer] = [:]
    private var context: Unmanaged<HTTPClient>?
    public private(set) var isClosed = false

    public init(loop: UVLoop) throws(UVError) {
        precondition(curlGlobalInit == CURLE_OK, "curl_global_init failed")
        self.loop = loop
        timer = try UVTimer(loop: loop)
        guard let multi = curl_multi_init() else {
            timer.close()
            preconditionFailure("curl_multi_init failed")
        }
        self.multi = multi
        let context = Unmanaged.passRetained(self)
        self.context = context
        _ = cshim_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context.toOpaque())
        _ = cshim_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context.toOpaque())
        _ = cshim_multi_setopt_socket_callback(multi) { _, socket, what, context, _ in
            guard let context else { return 0 }
            Unmanaged<HTTPClient>.fromOpaque(context).takeUnretainedValue().watch(socket: socket, what: what)
            return 0
        }
        _ = cshim_multi_setopt_timer_callback(multi) { _, milliseconds, context in
            guard let context else { return 0 }
            Unmanaged<HTTPClient>.fromOpaque(context).takeUnretainedValue().scheduleTimeout(milliseconds: milliseconds)
            return 0
        }
    }

    /// Requests in flight.
    public var activeTaskCount: Int { transfers.count }

    /// Starts `request`; `completion` runs once on the loop with the response or the failure,
    /// unless the task is cancelled first. On a closed client it fails with `.clientClosed`.
    @discardableResult
    public func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> HTTPTask {
        let transfer = Transfer(request: request, completion: completion)
        if isClosed {
            failLater(transfer, HTTPError(kind: .clientClosed, message: "the HTTP client is closed"))
            return HTTPTask(client: nil, transfer: transfer)
        }
        if let failure = transfer.attach(to: multi) {
            failLater(transfer, failure)
            return HTTPTask(client: nil, transfer: transfer)
        }
        transfers[ObjectIdentifier(transfer)] = transfer
        return HTTPTask(client: self, transfer: transfer)
    }

    /// Stops a transfer without calling its completion.
    func cancel(_ transfer: Transfer) {
        guard transfers.removeValue(forKey: ObjectIdentifier(transfer)) != nil else { return }
        _ = transfer.takeCompletion()
        withExtendedLifetime(transfer) { transfer.detach(from: multi) }
    }

    /// Cancels every request in flight (their completions are not called), frees libcurl's
    /// handles, and closes the poll and timer handles. The loop then has nothing of ours left.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        let pending = Array(transfers.values)
        transfers = [:]
        for transfer in pending {
            _ = transfer.takeCompletion()
            transfer.detach(from: multi)
        }
        // May call the socket callback to forget cached connections' sockets: we are still alive.
        curl_multi_cleanup(multi)
        for poll in polls.values { poll.close() }
        polls = [:]
        timer.close()
        let context = self.context
        self.context = nil
        withExtendedLifetime(self) { context?.release() }
    }

    /// Reports a failure from the loop, never from inside `send`.
    private func failLater(_ transfer: Transfer, _ error: HTTPError) {
        guard let timer = try? UVTimer(loop: loop) else {
            transfer.takeCompletion()?(.failure(error))
            return
        }
        timer.start(after: 0) {
            timer.close()
            transfer.takeCompletion()?(.failure(error))
        }
    }

    // MARK: libcurl's callbacks. They only adjust handles; libcurl is called back from the loop.

    private func watch(socket: curl_socket_t, what: Int32) {
        if what == CURL_POLL_REMOVE {
            polls.removeValue(forKey: socket)?.close()
            return
        }
        var events: UVPoll.Events = []
        if what & CURL_POLL_IN != 0 { events.insert(.readable) }
        if what & CURL_POLL_OUT != 0 { events.insert(.writable) }
        do {
            let poll = try polls[socket] ?? UVPoll(loop: loop, socket: socket)
            polls[socket] = poll
            try poll.start(events) { [weak self] result in
                self?.socketReady(socket, result)
            }
        } catch {
            // Cannot watch the socket: the transfer's own timeout ends it.
            polls.removeValue(forKey: socket)?.close()
        }
    }

    private func scheduleTimeout(milliseconds: Int) {
        guard !isClosed else { return }
        if milliseconds < 0 {
            timer.stop()
        } else {
            timer.start(after: UInt64(milliseconds)) { [weak self] in
                self?.act(on: CURL_SOCKET_TIMEOUT, events: 0)
            }
        }
    }

    // MARK: The loop's events, handed to libcurl.

    private func socketReady(_ socket: curl_socket_t, _ result: Result<UVPoll.Events, UVError>) {
        var events: Int32 = 0
        switch result {
        case .success(let ready):
            if ready.contains(.readable) { events |= CURL_CSELECT_IN }
            if ready.contains(.writable) { events |= CURL_CSELECT_OUT }
        case .failure:
            events = CURL_CSELECT_ERR
        }
        act(on: socket, events: events)
    }

    private func act(on socket: curl_socket_t, events: Int32) {
        guard !isClosed else { return }
        var running: Int32 = 0
        _ = curl_multi_socket_action(multi, socket, events, &running)
        finishCompletedTransfers()
    }

    /// Collects every finished transfer first, then completes them one by one: a completion
    /// may cancel another transfer, send a new one, or close the client.
    private func finishCompletedTransfers() {
        var finished: [(Transfer, CURLcode)] = []
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            var pointer: UnsafeMutableRawPointer?
            guard cshim_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &pointer) == CURLE_OK, let pointer else { continue }
            finished.append((Unmanaged<Transfer>.fromOpaque(pointer).takeUnretainedValue(), message.pointee.data.result))
        }
        for (transfer, code) in finished {
            guard !isClosed, transfers.removeValue(forKey: ObjectIdentifier(transfer)) != nil else { continue }
            let result = transfer.result(for: code)
            let completion = transfer.takeCompletion()
            transfer.detach(from: multi)
            completion?(result)
        }
    }
}

@available(*, unavailable)
extension HTTPClient: Sendable {}
