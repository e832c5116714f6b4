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
        try host.request("nav/push", #"{"kind":"repositories","params":{"login":"mojombo"}}"#)
        try host.request("screen/rows", PushBench.firstRows)
        var update: [Double] = []
        var answer: [Double] = []
        let performs = max(pushes * 4, 100)
        for index in 0..<(performs + 4) {
            let action = index % 2 == 0 ? "star" : "unstar"
            let start = nowMicroseconds()
            let deadline = Deadline(seconds: timeout)
            try host.process.write(
                RPCPeer.requestLine(id: host.takeID(), method: "screen/perform", params: #"{"rowIds":["repo:mojombo/chronic"],"action":"\#(action)"}"#),
                deadline: deadline)
            var updated: Double?
            while true {
                let line = try host.process.readLine(deadline: deadline)
                let at = nowMicroseconds()
                if ReplyLine.isReply(line) {
                    let result = try RPCPeer.result(of: line, method: "screen/perform")
                    guard result["status"]?.stringValue == "done", let updated else {
                        throw .unexpected("\(action) answered \(result.serializedString) with\(updated == nil ? "out" : "") an update before it")
                    }
                    if index >= 4 {
                        update.append(updated - start)
                        answer.append(at - start)
                    }
                    break
                }
                if updated == nil, line.contains(subsequence: Array("screen/didUpdate".utf8)) { updated = at }
            }
        }
        return (update, answer)
    }
}

extension ArraySlice<UInt8> {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (startIndex...(endIndex - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
    }
}
