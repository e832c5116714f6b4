import NavProtocol

/// What a screen shows past its restart intensity: one failed section with one row that
/// explains and offers the reload, so a client needs nothing special to show it.
enum FailedScreen {
    static let sectionId = "navhost:failed"
    /// Selecting this row is the same as `screen/reload`.
    static let reloadRowId = "navhost:reload"

    /// One past the revision the screen last showed, so the client sees a change.
    static func revision(of entry: ScreenEntry) -> Int {
        (entry.openedState?.revision ?? 0) + 1
    }

    static func sections(_ failure: RPCError) -> [SectionInfo] {
        [SectionInfo(
            id: sectionId, header: "This screen stopped working", footer: "Select the row or send screen/reload to start it again.",
            count: 1, state: .failed, error: failure.message)]
    }

    static func rows(_ failure: RPCError) -> [Row] {
        [Row(id: reloadRowId, kind: "error", title: "Reload", subtitle: failure.message, section: sectionId)]
    }
}
