import NavProtocol
import Transport

/// The one way the host's components tell the client something unasked: `nav/didChange`,
/// `screen/didUpdate`, `screen/didCrash`, `nav/didIdle`.
final class ClientNotifier {
    private let client: RPCConnection

    init(client: RPCConnection) {
        self.client = client
    }

    func send<N: RPCNotificationType>(_ notification: N) {
        guard let params = try? JSONValueEncoder().encode(notification) else { return }
        client.sendNotification(method: N.method, params: params)
    }

    /// The same for params that write their own JSON (`nav/didChange`, which carries the stack).
    func send<N: RPCNotificationType & JSONWritable>(_ notification: N) {
        client.sendNotification(method: N.method, writing: notification)
    }

    /// A worker's `worker/didUpdate` passed on as `screen/didUpdate`: its params are already a
    /// tree (the worker's, with the screen id added), so they are not decoded into the typed form
    /// and encoded again.
    func sendScreenUpdate(_ params: JSONValue) {
        client.sendNotification(method: DidUpdateNotification.method, params: params)
    }
}
