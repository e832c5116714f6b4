import NavProtocol
import UVKit

extension NavClient {
    /// `initialize` with this client's name; returns the host's answer (its first stack among it).
    @discardableResult
    public func initialize(clientName: String = "NavClient", timeout: Double = 10) throws -> InitializeRequest.Response {
        try send(InitializeRequest(clientInfo: .init(name: clientName)), timeout: timeout)
    }

    /// Waits until navhost is idle (nothing in flight anywhere) and returns the state version.
    /// Throws `.notIdle` listing what was still pending when `timeout` seconds passed.
    @discardableResult
    public func waitIdle(timeout: Double = 10) throws -> Int {
        do {
            // The reply itself may take a moment past the host's deadline to arrive.
            return try send(WaitIdleRequest(timeout: timeout), timeout: timeout + 5).stateVersion
        } catch let error as NavClientError {
            guard let rpc = error.rpcError, rpc.code == RPCErrorCode.requestTimedOut, let data = rpc.data,
                let pending = try? JSONValueDecoder().decode(IdleTimeoutData.self, from: data)
            else { throw error }
            throw NavClientError.notIdle(message: rpc.message, pending)
        }
    }

    /// A screen (the top one by default) as the text `navhost demo` prints.
    public func render(_ screen: String? = nil, width: Int? = nil, limit: Int? = nil, timeout: Double = 10) throws -> String {
        try send(RenderRequest(screen: screen, width: width, limit: limit), timeout: timeout).text
    }

    /// Replaces the stack with the screens a deep-link path names; returns the new stack.
    @discardableResult
    public func open(_ path: String, timeout: Double = 10) throws -> [Screen] {
        try send(OpenRequest(path: path), timeout: timeout).stack
    }

    /// The next notification of a type, decoded; earlier ones of other methods stay queued.
    public func nextNotification<N: RPCNotificationType>(_ type: N.Type, timeout: Double = 10) throws -> N {
        let notification = try nextNotification(N.method, timeout: timeout)
        do {
            return try JSONValueDecoder().decode(N.self, from: notification.params ?? .object([:]))
        } catch {
            throw NavClientError.unexpectedReply("\(N.method) params: \(error)")
        }
    }

    /// `shutdown` then `exit`, the clean end; returns how navhost exited.
    @discardableResult
    public func shutdownAndExit(timeout: Double = 10) throws -> ProcessExitStatus {
        _ = try request(ShutdownRequest.method, timeout: timeout)
        notify(ExitNotification.method)
        return try waitForExit(timeout: timeout)
    }
}
