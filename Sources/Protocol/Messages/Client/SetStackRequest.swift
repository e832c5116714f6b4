/// `nav/setStack`: replaces the whole stack (root first). The new screens are opened first; the
/// old ones are stopped only when all opened, so a failure leaves the stack as it was.
public struct SetStackRequest: RPCRequestType, Equatable {
    public static let method = "nav/setStack"
    public var screens: [SavedScreen]
    public init(screens: [SavedScreen]) { self.screens = screens }
    public typealias Response = StackRequest.Response

    /// Every token's numbers are range-checked before the host does arithmetic with them.
    public static func decode(params: JSONValue?) throws(RPCError) -> SetStackRequest {
        let request = try decodeParams(SetStackRequest.self, from: params)
        for (index, screen) in request.screens.enumerated() {
            try screen.token?.validate(field: "screens[\(index)].token")
        }
        return request
    }
}

/// A screen as a client saves it and gives it back to `nav/setStack`.
public struct SavedScreen: Codable, Sendable, Equatable {
    public var kind: ScreenKind
    public var params: JSONValue?
    public var token: RestorationToken?
    /// The title `nav/stack` gave: what a screen restored hibernating shows until it wakes.
    public var title: String?
    public init(kind: ScreenKind, params: JSONValue? = nil, token: RestorationToken? = nil, title: String? = nil) {
        self.kind = kind
        self.params = params
        self.token = token
        self.title = title
    }
}
