import NavClient
import NavProtocol

/// One list screen of the large repository (`--large-repository-issues`): how long its push took,
/// its 50-row windows read forward as a user scrolls, and title searches.
struct RepositoryListFigures: Codable {
    var kind: String
    var pushMilliseconds: Double
    /// Rows in the list once every window was read (the section's count then).
    var rowsRead: Int
    var windows: Latency
    var search: Latency
}

/// Measures the large repository's issues and pull requests, every state: GitHub's order (newest
/// first) in pages its source reads by keyset, so a window past the rows read waits for the next
/// page, as scrolling does; each timing is a window's read until it has its 50 rows.
struct RepositoryListBench {
    static let repository: JSONValue = ["owner": "github", "name": "docs", "state": "all"]
    /// Words of the generator's issue titles, and some that match nothing.
    static let queries = ["timezone", "crash", "config", "fails", "support", "readme", "typo", "export", "empty", "sdk", "zzqx", "add"]

    let client: NavClient
    let samples: Int

    func measure(_ kind: ScreenKind) throws -> RepositoryListFigures {
        var started = ContinuousClock.now
        let screen = try client.send(PushRequest(kind: kind, params: Self.repository), timeout: 60).screen.id
        let pushMilliseconds = started.duration(to: .now).seconds * 1000
        var windows: [Double] = []
        var count = 0
        for sample in 0..<samples {
            started = ContinuousClock.now
            var answer = try client.send(RowsRequest(screen: screen, offset: sample * 50, limit: 50), timeout: 60)
            if answer.rows.count < 50, answer.sections.first?.hasMore == true {
                _ = try client.send(WaitIdleRequest(timeout: 60), timeout: 70)
                answer = try client.send(RowsRequest(screen: screen, offset: sample * 50, limit: 50), timeout: 60)
            }
            windows.append(started.duration(to: .now).microseconds)
            count = answer.sections.first?.count ?? 0
            guard answer.rows.count == 50 || answer.sections.first?.hasMore != true else {
                throw SessionError(description: "\(kind): the window at \(sample * 50) had \(answer.rows.count) rows")
            }
            if answer.rows.count < 50 { break }
        }
        var searches: [Double] = []
        for sample in 0..<samples {
            started = ContinuousClock.now
            _ = try client.send(QueryRequest(screen: screen, text: Self.queries[sample % Self.queries.count]), timeout: 60)
            searches.append(started.duration(to: .now).microseconds)
        }
        _ = try client.send(PopRequest(), timeout: 60)
        return RepositoryListFigures(kind: kind.rawValue, pushMilliseconds: pushMilliseconds, rowsRead: count, windows: Latency(windows), search: Latency(searches))
    }
}
