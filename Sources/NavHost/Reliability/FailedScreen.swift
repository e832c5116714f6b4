import NavProtocol

/// What a screen shows past its restart intensity: one failed section with one row that
/// explains and offers the reload, so a client needs nothing special to show it.
enum FailedScreen {
    static let sectionId = "navhost:failed"
    /// Selecting this row is the same as `screen/reload`.
    static let reloadRowId = "navhost:reload"

    /// One past the revision the screen last showed, so the client sees a change. The revision
    /// came from a worker or a client's token: it saturates instead of trapping.
    static func revision(of entry: ScreenEntry) -> Int {
        let shown = entry.openedState?.revision ?? 0
        return shown == Int.max ? shown : shown + 1
    }

    /// What `screen/rows` answers for the failed screen.
    static func rowsAnswer(_ entry: ScreenEntry, _ failure: RPCError) -> JSONValue {
        let answer = RowsRequest.Response(screen: entry.screen.id, revision: revision(of: entry), sections: sections(failure), rows: rows(failure))
        return (try? JSONValueEncoder().encode(answer)) ?? .null
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
