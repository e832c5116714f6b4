import NavProtocol

/// A warm push whose first page is full. The other pushes select the users screen's first row,
/// whose repositories screen has a handful of rows (torvalds's 6 in the shipped snapshot), so
/// the work a push does for each row (reading it, rendering it, writing it twice) hardly shows
/// there; many accounts have 50 repositories or more.
extension PushBench {
    /// The first user among the users screen's first 50 rows whose pushed screen fills a page
    /// of 50 rows (found with untimed pushes), and per warm push of it, `select {rows: 50}` sent
    /// -> its answer, in microseconds. Each push finds the spare up and idle.
    func measureFullPagePushes() throws(BenchError) -> (row: String, times: [Double]) {
        let host = try Subject.navhost(paths, arguments: ["--warm-spare"]).start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { host.finish() }
        func select(_ row: String) throws(BenchError) -> JSONValue {
            let outcome = try RPCPeer.result(of: try host.call("screen/select", "{\"rowId\":\"\(row)\",\"rows\":50}"), method: "screen/select")
            guard outcome["action"]?.stringValue == "push" else { throw .unexpected("selecting \(row) did not push: \(outcome.serializedString)") }
            return outcome["pushedRows"]?["rows"] ?? .null
        }
        func popAndSettle() throws(BenchError) {
            try host.request("nav/pop")
            try WorkerSettling.waitUntilIdle(
                host.pid, workers: 2, timeout: timeout, waitingFor: "popped workers of navhost \(host.pid) to exit and the spare to be up")
        }
        let users = try host.request("screen/rows", PushBench.firstRows)
        var chosen: String?
        for row in users["rows"]?.arrayValue?.compactMap({ $0["id"]?.stringValue }).filter({ $0.hasPrefix("user:") }) ?? [] {
            let count = try select(row).arrayValue?.count ?? 0
            try popAndSettle()
            if count == 50 {
                chosen = row
                break
            }
        }
        guard let row = chosen else { throw .unexpected("no user among the users screen's first 50 rows has a full first page of 50 rows") }
        var times: [Double] = []
        for index in 0..<(pushes + 2) {
            let start = nowMicroseconds()
            let rows = try select(row)
            let end = nowMicroseconds()
            guard rows.arrayValue?.count == 50 else { throw .unexpected("the push of \(row) answered \(rows.arrayValue?.count ?? 0) rows, not 50") }
            if index >= 2 { times.append(end - start) }
            try popAndSettle()
        }
        return (row, times)
    }
}
