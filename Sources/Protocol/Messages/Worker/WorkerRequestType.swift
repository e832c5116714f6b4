/// A request navhost sends a screen's worker about its screen. The params write their own JSON
/// (the routing path builds no tree); the worker decodes them with `decode(params:)`.
public protocol WorkerRequestType: RPCRequestType, JSONWritable {
    /// The client's method this request serves, for the host's error messages ("did not answer
    /// screen/rows"): the client never sees the worker's method names.
    static var clientMethod: String { get }
}

extension WorkerRequestType {
    public static var clientMethod: String { method }
}
