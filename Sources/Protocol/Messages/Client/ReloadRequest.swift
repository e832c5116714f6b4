/// `screen/reload`: restarts a screen's worker now (from its restoration token), e.g. one in
/// its failed state after too many restarts.
public struct ReloadRequest: RPCRequestType, Equatable {
    public static let method = "screen/reload"
    public var screen: String?
    public init(screen: String? = nil) { self.screen = screen }
    public typealias Response = ScreenState
}
