/// `exit`: the host exits, with code 0 after `shutdown` and 1 without.
public struct ExitNotification: RPCNotificationType, Equatable {
    public static let method = "exit"
    public init() {}
}
