/// `nav/didIdle` (host -> client): the host became idle after a visible change (a stack change or a screen update).
public struct DidIdleNotification: RPCNotificationType, Equatable {
    public static let method = "nav/didIdle"
    public var stateVersion: Int
    public init(stateVersion: Int) { self.stateVersion = stateVersion }
}
