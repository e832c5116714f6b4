import NavProtocol
import Synchronization
import UVKit

extension NavClient {
    /// Writes requests back to back without waiting: navhost runs them in order, and their
    /// replies come back in one round trip (`replies(to:)`). Returns their ids.
    public func post(_ requests: [any RPCRequestType]) throws -> [Int] {
        try requests.map { request in post(method: type(of: request).method, params: try JSONValueEncoder().encode(request)) }
    }

    /// Writes one request; returns its id. Every request this client sends is written here.
    func post(method: String, params: JSONValue?) -> Int {
        let id = nextID
        nextID += 1
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
        return id
    }

    /// The replies to the requests `ids`, in their order: each its result or navhost's error.
    ///
    /// The wait ends when every reply has come, after `timeout` seconds (`.timedOut`), or when
    /// `stop` is stopped from another thread (`CallStopped`); in both cases the requests still
    /// unanswered are cancelled (`$/cancelRequest`), and after a stop their replies are awaited
    /// a few seconds more, so none arrives later into another call. While it waits, `progress`
    /// is called every `interval` seconds with the seconds waited so far.
    public func replies(
        to ids: [Int], timeout: Double = 10, stop: CallStop? = nil, progress: (interval: Double, report: (Double) -> Void)? = nil
    ) throws -> [Result<JSONValue, NavClientError>] {
        let wanted = Set(ids)
        var replies: [Int: JSONValue] = [:]
        let ticket = stop == nil ? nil : wakeUps?.expect { _ in }
        stop?.watch(ticket)
        let ticker = progress.flatMap { _ in try? UVTimer(loop: loop) }
        defer {
            stop?.watch(nil)
            if let ticket { wakeUps?.forget(ticket) }
            ticker?.close()
        }
        let started = ContinuousClock.now
        if let progress, let ticker {
            let every = UInt64(max(0.001, progress.interval) * 1000)
            ticker.start(after: every, repeatEvery: every) { progress.report(Self.seconds(since: started)) }
        }
        var stoppedBecause: String?
        var deadline = timeout
        while replies.count < ids.count {
            let stopping = stoppedBecause == nil ? stop : nil
            let remaining = deadline - Self.seconds(since: started)
            let reply: JSONValue?
            do {
                reply = try take(timeout: max(0, remaining), what: "the replies to \(ids.count) requests", unless: { stopping?.reason != nil }) { message in
                    message["method"] == nil && (message["id"]?.intValue).map(wanted.contains) == true
                }
            } catch NavClientError.timedOut(let what) where stoppedBecause == nil {
                cancel(ids.filter { replies[$0] == nil })
                throw NavClientError.timedOut(what)
            }
            guard let reply, let id = reply["id"]?.intValue else {
                stoppedBecause = stop?.reason
                deadline = Self.seconds(since: started) + Self.cancelGrace
                cancel(ids.filter { replies[$0] == nil })
                continue
            }
            replies[id] = reply
        }
        if let stoppedBecause { throw CallStopped(reason: stoppedBecause) }
        return ids.map { id in Self.outcome(replies[id] ?? .null) }
    }

    /// One request through `replies(to:)`, its typed response: under `stop` and `progress`
    /// as there, and cancelled underneath when it times out or is stopped.
    public func send<R: RPCRequestType>(
        _ request: R, timeout: Double = 10, stop: CallStop?, progress: (interval: Double, report: (Double) -> Void)? = nil
    ) throws -> R.Response {
        try replies(to: try post([request]), timeout: timeout, stop: stop, progress: progress)[0].decoded(as: R.self)
    }

    /// Seconds a stopped call waits for navhost to answer the requests it cancelled.
    public static let cancelGrace = 5.0

    private func cancel(_ ids: [Int]) {
        for id in ids { notify("$/cancelRequest", .object(["id": .int(id)])) }
    }

    static func outcome(_ reply: JSONValue) -> Result<JSONValue, NavClientError> {
        if let error = reply["error"] {
            return .failure(.rpc(RPCError(json: error) ?? RPCError(code: 0, message: "malformed error \(error)", data: nil)))
        }
        guard let result = reply["result"] else { return .failure(.unexpectedReply("no result in \(reply)")) }
        return .success(result)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension Result where Success == JSONValue, Failure == NavClientError {
    /// A reply of `replies(to:)` as the typed response of `R`.
    public func decoded<R: RPCRequestType>(as type: R.Type) throws -> R.Response {
        let result = try get()
        do {
            return try JSONValueDecoder().decode(R.Response.self, from: result)
        } catch {
            throw NavClientError.unexpectedReply("\(R.method): \(error)")
        }
    }
}

/// Stops a `NavClient.replies(to:)` under way from another thread: the client's loop is woken
/// (`LoopInbox`: libuv's uv_async_send, the one way into a loop from another thread) and the
/// wait ends with `CallStopped`. A stop before the wait starts ends it at once.
public final class CallStop: Sendable {
    private let state = Mutex<(reason: String?, ticket: LoopInbox.Ticket?)>((nil, nil))

    public init() {}

    /// Stops the call; the first reason given is the one kept.
    public func stop(_ reason: String) {
        state.withLock { state in
            guard state.reason == nil else { return }
            state.reason = reason
            state.ticket?.post(.success(true))
        }
    }

    /// Why the call was stopped, or nil while it was not.
    public var reason: String? { state.withLock { $0.reason } }

    /// The wake-up of the loop waiting now; nil once the wait is over.
    func watch(_ ticket: LoopInbox.Ticket?) {
        state.withLock { $0.ticket = ticket }
    }
}

/// A call that `CallStop` stopped before navhost answered.
public struct CallStopped: Error, Equatable, Sendable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
