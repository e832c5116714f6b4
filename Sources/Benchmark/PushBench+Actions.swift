import Glibc
import NavProtocol

/// An action's latency on the snapshot: `screen/perform` of star, then unstar, on a repository
/// row, each write kept in a local state database made for the run (`--state`).
extension PushBench {
    /// Per perform, in microseconds: sent -> the `screen/didUpdate` that shows it, and sent ->
    /// its answer (which comes after that update).
    func measureActions() throws(BenchError) -> (update: [Double], answer: [Double]) {
        var template = Array("/tmp/navshell-bench-state.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw .unexpected("cannot make a directory for the local state") }
        let directory = String(cString: made)
        defer {
            unlink(directory + "/local-state.sqlite")
            rmdir(directory)
        }
        let host = try Subject.navhost(paths, arguments: ["--state", directory + "/local-state.sqlite"])
            .start(stderrLog: paths.stderrLog, timeout: timeout)
        defer { host.finish() }
        let pushed = try host.request("nav/push", #"{"kind":"repositories","params":{"login":"mojombo"}}"#)
        guard let screen = pushed["screen"]?["id"]?.stringValue else { throw .unexpected("nav/push answered no screen: \(pushed.serializedString)") }
        try host.request("screen/rows", PushBench.firstRows)
        var update: [Double] = []
        var answer: [Double] = []
        let performs = max(pushes * 4, 100)
        for index in 0..<(performs + 4) {
            let action = index % 2 == 0 ? "star" : "unstar"
            let trip = ActionRoundTrip(id: host.takeID(), screen: screen, rowId: "repo:mojombo/chronic")
            let start = nowMicroseconds()
            let deadline = Deadline(seconds: timeout)
            try host.process.write(
                RPCPeer.requestLine(id: trip.id, method: "screen/perform", params: #"{"rowIds":["\#(trip.rowId)"],"action":"\#(action)"}"#),
                deadline: deadline)
            var updated: Double?
            var answered: (result: JSONValue, at: Double)?
            while answered == nil {
                let line = try host.process.readLine(deadline: deadline)
                let at = nowMicroseconds()
                switch try trip.classify(line) {
                case .answer(let result): answered = (result, at)
                case .update: updated = updated ?? at
                case .other: break
                }
            }
            guard let (result, at) = answered, result["status"]?.stringValue == "done", let updated else {
                let said = answered?.result.serializedString ?? ""
                throw .unexpected("\(action) answered \(said) with\(updated == nil ? "out" : "") an update before it")
            }
            if index >= 4 {
                update.append(updated - start)
                answer.append(at - start)
            }
        }
        return (update, answer)
    }
}

/// One perform's lines as the action bench reads them: its answer is the reply with its id (for
/// the screen acted on), and the update that shows it a `screen/didUpdate` of that screen that
/// names the row (`reconfigured`); anything else (another reply, another screen's update) is
/// neither.
struct ActionRoundTrip {
    let id: Int
    let screen: String
    let rowId: String

    enum Line: Equatable {
        /// The perform's result.
        case answer(JSONValue)
        case update
        case other
    }

    /// Parses only replies and `screen/didUpdate` lines, after the caller has read the clock.
    func classify(_ line: ArraySlice<UInt8>) throws(BenchError) -> Line {
        if ReplyLine.isReply(line) {
            guard (try? JSONValue(parsing: Array(line)))?["id"] == .int(id) else { return .other }
            let result = try RPCPeer.result(of: line, method: "screen/perform")
            guard result["screen"] == .string(screen) else { throw .unexpected("screen/perform of \(screen) answered for another screen: \(result.serializedString)") }
            return .answer(result)
        }
        guard line.contains(subsequence: Array("screen/didUpdate".utf8)), let update = try? JSONValue(parsing: Array(line)),
            update["method"] == "screen/didUpdate", update["params"]?["screen"] == .string(screen),
            update["params"]?["changes"]?["reconfigured"]?.arrayValue?.contains(.string(rowId)) == true
        else { return .other }
        return .update
    }
}

extension ArraySlice<UInt8> {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (startIndex...(endIndex - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
    }
}
