import NavProtocol

/// What a screen shows past its restart intensity: one failed section with one row that
/// explains and offers the reload, so a client needs nothing special to show it.
enum FailedScreen {
    static let sectionId = "navhost:failed"
    /// Selecting this row is the same as `screen/reload`.
    static let reloadRowId = "navhost:reload"

    static func sections(_ failure: RPCError) -> [SectionInfo] {
        [SectionInfo(
            id: sectionId, header: "This screen stopped working", footer: "Select the row or send screen/reload to start it again.",
            count: 1, state: .failed, error: failure.message)]
    }

    static func rows(_ failure: RPCError) -> [Row] {
        [Row(id: reloadRowId, kind: "error", title: "Reload", subtitle: failure.message, section: sectionId)]
    }
}
