import Glibc
import NavClient
import NavProtocol

/// Cold push latency through navhost (select a user -> the pushed repositories screen's first
/// rows at the client), and the worker binary's bare startup for comparison.
struct PushBench {
    struct Results: Codable {
        /// The user row selected, and the screen that selection pushes.
        var selectedRow: String
        var pushes: Int
        /// screen/select sent -> screen/rows of the pushed screen answered.
        var coldPush: LatencySummary?
        /// screen/select sent -> its reply (the worker is spawned and opened by then).
        var coldSelectOnly: LatencySummary?
        /// The same with navhost's warm spare: the push only opens a screen in a started worker.
        var warmPush: LatencySummary?
        var warmSelectOnly: LatencySummary?
        /// screen/select {rows: 50} sent -> its answer, which carries the pushed screen's first
        /// rows (`pushedRows`): one round trip for the client instead of two.
        var coldPushRowsInAnswer: LatencySummary?
        var warmPushRowsInAnswer: LatencySummary?
        /// A warm push one screen deeper: from the screen the last push opened (a repository of
        /// the pushed user's list), select -> the pushed screen's first rows. It is the first
        /// selection of a worker that has so far only opened its own screen.
        var warmPushDeeper: LatencySummary?
        /// A warm push of a full first page: `select {rows: 50}` of `fullPageRow` -> its answer
        /// with 50 rows (`PushBench+FullPage.swift`).
        var warmPushFullPage: LatencySummary?
        var fullPageRow: String?
        /// screen-worker --help: exec -> exit (process start, Swift runtime, argument parsing).
        var workerHelp: LatencySummary?
        /// Spawn navhost -> its answer to `initialize`, which it sends once the root screen's
        /// worker has started and opened: what a client waits for before its first screen.
        var hostStart: LatencySummary?
        /// Spawn screen-worker -> its answer to worker/open for the same repositories screen.
        var bareStartup: LatencySummary?
        /// As bareStartup, then -> its answer to worker/rows (the same first rows as the push).
        var bareStartupAndRows: LatencySummary?
        /// `screen/perform` of star or unstar on a repository row (snapshot, local state) ->
        /// the `screen/didUpdate` that shows it at the client; and -> its answer.
        var actionUpdate: LatencySummary?
        var actionAnswer: LatencySummary?
        var unavailable: String?
    }

    let paths: BenchPaths
    let pushes: Int
    let timeout: Double
    static let firstRows = "{\"limit\":50}"

    func run(progress: (String) -> Void) -> Results {
        var results = Results(selectedRow: "", pushes: pushes)
        do throws(BenchError) {
            progress("cold push x\(pushes)")
            let (row, push, select) = try measurePushes(warm: false)
            results.selectedRow = row
            results.coldPush = LatencySummary(samples: push)
            results.coldSelectOnly = LatencySummary(samples: select)
            progress("warm push x\(pushes)")
            let (_, warmPush, warmSelect) = try measurePushes(warm: true)
            results.warmPush = LatencySummary(samples: warmPush)
            results.warmSelectOnly = LatencySummary(samples: warmSelect)
            progress("cold and warm push with the first rows in the answer x\(pushes)")
            results.coldPushRowsInAnswer = LatencySummary(samples: try measurePushes(warm: false, rowsInAnswer: true).1)
            results.warmPushRowsInAnswer = LatencySummary(samples: try measurePushes(warm: true, rowsInAnswer: true).1)
            progress("warm push one screen deeper x\(pushes)")
            results.warmPushDeeper = LatencySummary(samples: try measureDeeperPushes(from: row))
            progress("warm push of a full first page x\(pushes)")
            let fullPage = try measureFullPagePushes()
            results.fullPageRow = fullPage.row
            results.warmPushFullPage = LatencySummary(samples: fullPage.times)
            let login = String(row.dropFirst("user:".count))
            progress("worker bare startup x\(pushes)")
            results.workerHelp = LatencySummary(samples: try measureHelp())
            progress("navhost start x\(pushes)")
            results.hostStart = LatencySummary(samples: try measureHostStart())
            let (open, rows) = try measureBareStartup(login: login)
            results.bareStartup = LatencySummary(samples: open)
            results.bareStartupAndRows = LatencySummary(samples: rows)
            progress("actions: star and unstar a repository row")
            let actions = try measureActions()
            results.actionUpdate = LatencySummary(samples: actions.update)
            results.actionAnswer = LatencySummary(samples: actions.answer)
        } catch {
            results.unavailable = error.description
        }
        return results
    }

    /// Returns the selected row id and, per push, select->rows and select->reply in microseconds.
    /// Cold: every push spawns its worker (`--no-warm-spare`). Warm: the push takes the spare,
    /// and the next push starts only once the replacement spare is up and waiting.
    /// With `rowsInAnswer`, the select asks for the first rows (`rows: 50`) and the push is timed
    /// to its answer, which carries them; the second figure is then the same.
    private func measurePushes(warm: Bool, rowsInAnswer: Bool = false) throws(BenchError) -> (String, [Double], [Double]) {
        let host = try Subject.navhost(paths, arguments: [warm ? "--warm-spare" : "--no-warm-spare"])
            .start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { host.finish() }
        let users = try host.request("screen/rows", PushBench.firstRows)
        guard let row = users["rows"]?.arrayValue?.compactMap({ $0["id"]?.stringValue }).first(where: { $0.hasPrefix("user:") }) else {
            throw .unexpected("the users screen has no user row to select")
        }
        var pushTimes: [Double] = []
        var selectTimes: [Double] = []
        // Two untimed pushes first: the worker binary and the snapshot into the page cache.
        for index in 0..<(pushes + 2) {
            let start = nowMicroseconds()
            let selected = try host.call("screen/select", "{\"rowId\":\"\(row)\"\(rowsInAnswer ? ",\"rows\":50" : "")}")
            let selectedAt = nowMicroseconds()
            let rows = rowsInAnswer ? nil : try host.call("screen/rows", PushBench.firstRows)
            let end = rowsInAnswer ? selectedAt : nowMicroseconds()
            let outcome = try RPCPeer.result(of: selected, method: "screen/select")
            guard outcome["action"]?.stringValue == "push" else { throw .unexpected("selecting \(row) did not push: \(outcome.serializedString)") }
            var firstRows = outcome["pushedRows"] ?? .null
            if let rows { firstRows = try RPCPeer.result(of: rows, method: "screen/rows") }
            guard firstRows["rows"]?.arrayValue?.isEmpty == false else { throw .unexpected("the pushed screen has no rows") }
            if index >= 2 {
                pushTimes.append(end - start)
                selectTimes.append(selectedAt - start)
            }
            try host.request("nav/pop")
            // The popped worker's teardown is not in the next figure; a warm push finds its spare up.
            try WorkerSettling.waitUntilIdle(
                host.pid, workers: warm ? 2 : 1, timeout: timeout, waitingFor: "popped workers of navhost \(host.pid) to exit and the spare to be up")
        }
        return (row, pushTimes, selectTimes)
    }

    /// Per push, select -> first rows in microseconds, of a repository selected in the screen a
    /// selection of `user` pushed (untimed). Each selection finds the spare up and idle.
    private func measureDeeperPushes(from user: String) throws(BenchError) -> [Double] {
        let host = try Subject.navhost(paths, arguments: ["--warm-spare"]).start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { host.finish() }
        func settle(_ workers: Int) throws(BenchError) {
            try WorkerSettling.waitUntilIdle(host.pid, workers: workers, timeout: timeout, waitingFor: "navhost \(host.pid)'s workers to settle at \(workers)")
        }
        func push(_ rowId: String) throws(BenchError) -> JSONValue {
            let outcome = try RPCPeer.result(of: try host.call("screen/select", "{\"rowId\":\"\(rowId)\"}"), method: "screen/select")
            guard outcome["action"]?.stringValue == "push" else { throw .unexpected("selecting \(rowId) did not push: \(outcome.serializedString)") }
            return try host.request("screen/rows", PushBench.firstRows)
        }
        var times: [Double] = []
        for index in 0..<(pushes + 2) {
            // The root's worker and the spare; then the pushed user's screen, its worker and a new spare.
            try settle(2)
            let repositories = try push(user)
            guard let repository = repositories["rows"]?.arrayValue?.compactMap({ $0["id"]?.stringValue }).first(where: { $0.hasPrefix("repo:") }) else {
                throw .unexpected("the screen \(user) pushed has no repository row to select")
            }
            try settle(3)
            let start = nowMicroseconds()
            let rows = try push(repository)
            let end = nowMicroseconds()
            guard rows["rows"]?.arrayValue?.isEmpty == false else { throw .unexpected("the screen \(repository) pushed has no rows") }
            if index >= 2 { times.append(end - start) }
            try host.request("nav/popToRoot")
        }
        return times
    }

    private func measureHelp() throws(BenchError) -> [Double] {
        var times: [Double] = []
        for index in 0..<(pushes + 2) {
            let start = nowMicroseconds()
            let child = try ChildProcess([paths.screenWorker, "--help"], stderrPath: paths.stderrLog)
            let deadline = Deadline(seconds: timeout)
            _ = try child.readToEnd(deadline: deadline)
            let status = child.wait(deadline: deadline)
            let end = nowMicroseconds()
            guard status == 0 else { throw .unexpected("screen-worker --help exited with status \(status)") }
            if index >= 2 { times.append(end - start) }
        }
        return times
    }

    /// Spawn navhost (its defaults, as an editor starts it) -> `initialize` answered, in
    /// microseconds; each host is ended (stdin closed, waited for) before the next starts.
    private func measureHostStart() throws(BenchError) -> [Double] {
        var times: [Double] = []
        for index in 0..<(pushes + 2) {
            let start = nowMicroseconds()
            let host = try Subject.navhost(paths).start(stderrLog: paths.stderrLog, timeout: timeout)
            let end = nowMicroseconds()
            host.finish()
            if index >= 2 { times.append(end - start) }
        }
        return times
    }

    /// Spawn -> worker/open answered, and spawn -> first worker/rows answered, without a host.
    private func measureBareStartup(login: String) throws(BenchError) -> ([Double], [Double]) {
        var openTimes: [Double] = []
        var rowsTimes: [Double] = []
        let open = "{\"screen\":\"s1\",\"kind\":\"repositories\",\"params\":{\"login\":\"\(login)\"}}"
        for index in 0..<(pushes + 2) {
            let start = nowMicroseconds()
            let worker = RPCPeer(try ChildProcess([paths.screenWorker], stderrPath: paths.stderrLog), timeout: timeout)
            let opened = try worker.call("worker/open", open)
            let openedAt = nowMicroseconds()
            let rows = try worker.call("worker/rows", "{\"offset\":0,\"limit\":50}")
            let end = nowMicroseconds()
            _ = try RPCPeer.result(of: opened, method: "worker/open")
            _ = try RPCPeer.result(of: rows, method: "worker/rows")
            worker.finish()
            if index >= 2 {
                openTimes.append(openedAt - start)
                rowsTimes.append(end - start)
            }
        }
        return (openTimes, rowsTimes)
    }
}
