import NavProtocol
import Transport

/// The one path from the host to a screen's worker. Every request about a screen (rows, query,
/// select, render, the steps of a deep link, the debug methods, pings) comes through here, so
/// the rules are applied once: find the screen (the top one by default), answer for a failed
/// screen, wake a hibernating one first, refuse a screen whose worker is gone, give the worker
/// `--request-timeout`, reset a worker that does not answer, and word the errors.
final class ScreenGateway {
    private let navigator: Navigator
    private let supervisor: Supervisor
    private let flow: FlowControl
    private let timeout: UInt64

    init(navigator: Navigator, supervisor: Supervisor, flow: FlowControl, requestTimeoutMilliseconds: UInt64) {
        self.navigator = navigator
        self.supervisor = supervisor
        self.flow = flow
        timeout = requestTimeoutMilliseconds
    }

    /// Sends an `R` with `params` (the client's, as they arrived) to the screen's worker and
    /// answers `responder` with the bytes the worker wrote (its answers already name their
    /// screen). The worker checks the params.
    func forward<R: WorkerRequestType>(
        _: R.Type, _ params: MessageParams?, to screen: String?, answering responder: RPCResponder
    ) {
        switch reachNow(screen, for: R.method) {
        case .reached(let reached):
            forward(R.self, params, reached, answering: responder)
        case .woken:
            reach(screen, for: R.method) { [self] reached in forward(R.self, params, reached, answering: responder) }
        }
    }

    private func forward<R: WorkerRequestType>(
        _: R.Type, _ params: MessageParams?, _ reached: Result<Reached, RPCError>, answering responder: RPCResponder
    ) {
        switch reached {
        case .failure(let error):
            responder.fail(error)
        case .success(.failed(_, let answer)):
            responder.succeed(answer)
        case .success(.running(let entry, let worker)):
            let connection = worker.connection
            let id = connection.forwardRequest(method: R.method, params: params, timeoutMilliseconds: timeout) { [self] result in
                switch result {
                case .success(let raw): responder.succeed(raw: raw)
                case .failure(let error): responder.fail(mapped(error, entry, worker, R.clientMethod, after: timeout))
                }
            }
            // The client's cancel of its request cancels the worker's too.
            responder.cancels(id, on: connection)
        }
    }

    /// Sends a request and hands back the parsed answer with the screen it came from. A
    /// `responder` whose request the client cancels cancels this one too. The worker has
    /// `timeouts` times `--request-timeout` to answer: one for each write a perform makes in turn.
    func send<Params: JSONWritable>(
        _ method: String, _ params: Params, to screen: String?, cancelledWith responder: RPCResponder? = nil, clientMethod: String? = nil,
        timeouts: Int = 1, completion: @escaping (Result<(entry: ScreenEntry, answer: JSONValue), RPCError>) -> Void
    ) {
        // A timeout is at most 1e12 ms, but the rows of a perform are as many as a message holds.
        let (product, overflow) = timeout.multipliedReportingOverflow(by: UInt64(max(1, timeouts)))
        let patience = overflow ? UInt64.max : product
        reach(screen, for: method) { [self] reached in
            switch reached {
            case .failure(let error):
                completion(.failure(error))
            case .success(.failed(let entry, let answer)):
                completion(.success((entry, answer)))
            case .success(.running(let entry, let worker)):
                let id = worker.connection.sendRequest(method: method, writing: params, timeoutMilliseconds: patience) { [self] result in
                    completion(result.map { (entry, $0) }.mapError { mapped($0, entry, worker, clientMethod ?? method, after: patience) })
                }
                responder?.cancels(id, on: worker.connection)
            }
        }
    }

    func send<R: WorkerRequestType>(
        _ request: R, to screen: String?, cancelledWith responder: RPCResponder? = nil, timeouts: Int = 1,
        completion: @escaping (Result<(entry: ScreenEntry, answer: JSONValue), RPCError>) -> Void
    ) {
        send(R.method, request, to: screen, cancelledWith: responder, clientMethod: R.clientMethod, timeouts: timeouts, completion: completion)
    }

    /// A liveness check of a screen's running worker; one that does not answer in time is reset.
    /// Hibernating and failed screens are not woken for it.
    func ping(_ entry: ScreenEntry) {
        guard entry.failure == nil, !entry.isHibernating, let worker = entry.runningWorker, !worker.isBeingPinged else { return }
        worker.isBeingPinged = true
        _ = worker.connection.sendRequest(method: WorkerPingRequest.method, writing: WorkerPingRequest(), timeoutMilliseconds: timeout) {
            [weak self, weak worker] (result: Result<JSONValue, RPCError>) in
            guard let worker else { return }
            worker.isBeingPinged = false
            if case .failure(let error) = result, error.code == RPCErrorCode.requestTimedOut {
                guard let self else { return }
                didNotAnswer(worker, WorkerPingRequest.method, within: timeout)
            }
        }
    }

    // MARK: The rules

    private enum Reached {
        case running(ScreenEntry, WorkerProcess)
        /// The screen is past its restart intensity; for rows, this is what it shows.
        case failed(ScreenEntry, JSONValue)
    }

    private func reach(_ screen: String?, for method: String, _ body: @escaping (Result<Reached, RPCError>) -> Void) {
        switch reachNow(screen, for: method) {
        case .woken(let entry):
            supervisor.wake(entry) { [weak self] result in
                guard let self else { return }
                if case .failure(let error) = result { return body(.failure(error)) }
                self.reach(screen, for: method, body)
            }
        case .reached(let reached):
            body(reached)
        }
    }

    /// What `reach` finds without waiting: the usual case, which then needs no closure kept.
    private enum Reach {
        case reached(Result<Reached, RPCError>)
        /// A hibernating screen: it is woken first.
        case woken(ScreenEntry)
    }

    private func reachNow(_ screen: String?, for method: String) -> Reach {
        guard let entry = navigator.entry(id: screen) else { return .reached(.failure(screenNotFound(screen))) }
        if let failure = entry.failure {
            guard method == WorkerRowsRequest.method else { return .reached(.failure(failure)) }
            return .reached(.success(.failed(entry, FailedScreen.rowsAnswer(entry, failure))))
        }
        if entry.isHibernating { return .woken(entry) }
        guard let worker = entry.runningWorker else {
            let status = entry.worker?.exitStatus?.description ?? "ended"
            return .reached(.failure(RPCError(
                code: RPCErrorCode.workerFailed, message: "screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) is not running: its worker \(status)",
                data: ["screen": .string(entry.screen.id), "kind": .string(entry.screen.kind.rawValue)])))
        }
        return .reached(.success(.running(entry, worker)))
    }

    /// A timeout (the worker had `patience` ms) names the screen and gets the hung worker reset;
    /// other errors pass as they are.
    private func mapped(_ error: RPCError, _ entry: ScreenEntry, _ worker: WorkerProcess, _ method: String, after patience: UInt64) -> RPCError {
        guard error.code == RPCErrorCode.requestTimedOut else { return error }
        var timedOut = worker.failure("screen \(entry.screen.id) (\(entry.screen.kind.rawValue)) did not answer \(method) within \(patience) ms")
        timedOut.code = RPCErrorCode.requestTimedOut
        didNotAnswer(worker, method, within: patience)
        return timedOut
    }

    /// A worker that did not answer in time is killed and restarted, unless it could not answer
    /// because navhost itself stopped reading it (the client is not reading its output).
    private func didNotAnswer(_ worker: WorkerProcess, _ method: String, within patience: UInt64) {
        guard !flow.isClientOutputBlocked else { return }
        worker.reset(reason: "it did not answer \(method) within \(patience) ms")
    }

    func screenNotFound(_ screen: String?) -> RPCError {
        let ids = navigator.stack.map(\.id).joined(separator: ", ")
        return RPCError(
            code: RPCErrorCode.screenNotFound, message: "no screen '\(screen ?? "")' on the stack; the stack is [\(ids)]",
            data: ["screen": screen.map(JSONValue.string) ?? .null])
    }
}
