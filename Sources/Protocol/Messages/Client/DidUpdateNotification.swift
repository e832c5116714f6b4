/// `screen/didUpdate` (host -> client): a screen's data changed (a new revision, with what
/// changed by row id) or it started or stopped loading (same revision, `loading` flips).
public struct DidUpdateNotification: RPCNotificationType, Equatable {
    public static let method = "screen/didUpdate"
    public var screen: String
    public var revision: Int
    public var sections: [SectionInfo]
    /// What changed since the previous revision; absent when `reset` or the revision is unchanged.
    public var changes: RowChanges?
    /// The rows were replaced wholesale (too many to diff): read the visible window again.
    public var reset: Bool?
    public var loading: Bool?

    public init(screen: String, revision: Int, sections: [SectionInfo], changes: RowChanges? = nil, reset: Bool? = nil, loading: Bool? = nil) {
        self.screen = screen
        self.revision = revision
        self.sections = sections
        self.changes = changes
        self.reset = reset
        self.loading = loading
    }
}
