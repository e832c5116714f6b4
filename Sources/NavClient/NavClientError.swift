import NavProtocol
import UVKit

public enum NavClientError: Error, CustomStringConvertible {
    /// Nothing arrived in time; says what was awaited.
    case timedOut(String)
    /// navhost's stdout ended (it exited or closed it).
    case disconnected(String)
    /// The host answered with a JSON-RPC error.
    case rpc(RPCError)
    /// A reply did not have the expected shape.
    case unexpectedReply(String)
    case spawnFailed(UVError)
    /// `nav/waitIdle` timed out; says what was still in flight.
    case notIdle(message: String, IdleTimeoutData)

    public var description: String {
        switch self {
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .disconnected(let what): return "navhost disconnected while waiting for \(what)"
        case .rpc(let error): return "navhost answered error \(error.code): \(error.message)"
        case .unexpectedReply(let what): return "unexpected reply: \(what)"
        case .spawnFailed(let error): return "could not start navhost: \(error)"
        case .notIdle(let message, let data):
            return ([message] + data.pending.map { "  pending: \($0.detail)" }).joined(separator: "\n")
        }
    }

    /// The JSON-RPC error, when the host answered one.
    public var rpcError: RPCError? {
        if case .rpc(let error) = self { return error }
        return nil
    }
}
